import {
  signedRootOfProof,
  verifyInclusionProof,
  verifyRootSignature,
  type InclusionProofFile,
  type ReservesSnapshot,
} from '@exchange/contracts';
import {
  compileTestToken,
  deployTestToken,
  randomAccount,
  setTokenBalance,
  startLocalChain,
  type LocalChain,
} from '@exchange/test-chain';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { insertToken } from './support/listings.js';
import { fund } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Proof of reserves through the API, the reserves read from one in-process Hardhat node. */
let chain: LocalChain;
let usdtContract: string;
const hot = randomAccount();
const colds = [randomAccount(), randomAccount()];

beforeAll(async () => {
  const bytecode = await compileTestToken();
  chain = await startLocalChain();
  usdtContract = await deployTestToken(chain, bytecode, chain.accounts[0]!, 6, 10n ** 30n);
}, 60_000);

afterAll(async () => {
  await chain?.close();
});

const USDT = 10n ** 6n;
const cli = path.resolve(import.meta.dirname, '../src/cli/verify-reserves-proof.ts');

/** `npm run verify:reserves -- <files>` as a user runs it on what they downloaded. */
async function verifyWithScript(
  json: unknown[],
  args: string[] = [],
): Promise<{ code: number; out: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'reserves-proof-'));
  const files = await Promise.all(
    json.map(async (content, i) => {
      const file = path.join(dir, `${i}.json`);
      await fs.writeFile(file, JSON.stringify(content));
      return file;
    }),
  );
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      '--conditions=source',
      '--import',
      'tsx',
      cli,
      ...files,
      ...args,
    ]);
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)('proof of reserves on %s', (kind) => {
  let t: TestApp;
  let admin: Member;
  let alice: Member;
  let bob: Member;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        ETHEREUM_RPC_URL: chain.url,
        ETHEREUM_CHAIN_ID: String(chain.chainId),
        ETHEREUM_HOT_WALLET_KEY: hot.key,
        ETHEREUM_COLD_ADDRESSES: colds.map((c) => c.address).join(','),
      },
    });
    const usdt = await insertToken(t.database.db, {
      name: 'Tether USD',
      shortName: 'USDT',
      decimals: 6,
      networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
    });
    await t.app.ctx.core.tokens.reload();
    admin = await member(t, { role: 'admin' });
    alice = await member(t);
    bob = await member(t);
    await fund(t, alice, usdt, '100', 'funding');
    await fund(t, bob, usdt, '30', 'spot');
    await fund(t, bob, usdt, '20', 'funding');
    for (const [user, units] of [
      [alice, 120n * USDT],
      [bob, 40n * USDT],
    ] as const) {
      const res = await authed(t, 'GET', '/wallets/deposit?network=ethereum', user.token);
      await setTokenBalance(chain, usdtContract, res.json().data.address, units);
    }
    await setTokenBalance(chain, usdtContract, hot.address, 10n * USDT);
    await setTokenBalance(chain, usdtContract, colds[1]!.address, 15n * USDT);
  }, 90_000);
  afterAll(() => t.close());

  const proofOf = async (user: Member) => {
    const res = await authed(t, 'GET', '/proof-of-reserves/proof', user.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as InclusionProofFile;
  };

  it('publishes the root, totals and on-chain reserves; each user verifies their own proof', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves' })).json(),
    ).toMatchObject({
      message: 'No proof of reserves has been published yet',
      data: null,
    });
    const block = Number(await chain.request<string>('eth_blockNumber'));
    const run = await authed(t, 'POST', '/admin/proof-of-reserves', admin.token);
    expect(run.statusCode, run.body).toBe(201);
    const snapshot = run.json().data as ReservesSnapshot;
    expect(snapshot).toMatchObject({
      user_count: 2,
      // Each user's balances in 4 leaves, one per quarter of 2: 8 leaves, 0 of them dummies.
      leaf_count: 8,
      signature: { algorithm: 'Ed25519' },
      trigger: 'admin',
      root_sums: [(150n * 10n ** 18n).toString()],
      assets: [
        {
          token: 'USDT',
          liabilities: '150',
          reserves: '185',
          ratio_percent: '123.33',
          // Every tier counts: the deposit addresses, the hot wallet and the cold addresses.
          readings: [
            {
              network: 'ethereum',
              block_number: block,
              amount: '185',
              tiers: { deposit: '160', hot: '10', cold: '15' },
            },
          ],
        },
      ],
    });
    const published = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves' });
    expect(published.json().data).toEqual(snapshot);

    const proof = await proofOf(bob);
    expect(proof).toMatchObject({
      snapshot_id: snapshot._id,
      ledger_position: snapshot.ledger_position,
      leaf_count: 8,
      assets: ['USDT'],
      user_id: bob.id,
      balances: [(50n * 10n ** 18n).toString()],
      root: { hash: snapshot.root_hash, sums: snapshot.root_sums },
      signature: snapshot.signature,
    });
    expect(proof.leaves).toHaveLength(4);
    expect(proof.leaves.map((l) => Math.floor(l.index / 2))).toEqual([0, 1, 2, 3]);
    expect(await verifyInclusionProof(proof)).toEqual({ ok: true });
    expect(await verifyInclusionProof(await proofOf(alice))).toEqual({ ok: true });
    const key = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves/signing-key' });
    expect(key.json().data).toEqual({
      algorithm: 'Ed25519',
      public_key: snapshot.signature?.public_key,
    });
    expect(
      await verifyRootSignature(
        signedRootOfProof(proof),
        proof.signature.value,
        key.json().data.public_key,
      ),
    ).toBe(true);

    const inflated = { ...proof, balances: [(60n * 10n ** 18n).toString()] };
    expect(await verifyInclusionProof(inflated)).toEqual({
      ok: false,
      reason: "Your leaves' shares do not add up to your balances",
    });
    const [first, ...rest] = proof.leaves;
    const shrunk = {
      ...proof,
      leaves: [
        { ...first!, path: [{ ...first!.path[0]!, sums: ['1'] }, ...first!.path.slice(1)] },
        ...rest,
      ],
    };
    expect((await verifyInclusionProof(shrunk)).ok).toBe(false);

    if (kind === 'pglite') {
      const publicKey = snapshot.signature!.public_key;
      const good = await verifyWithScript([proof, published.json()], ['--key', publicKey]);
      expect(good).toMatchObject({ code: 0 });
      expect(good.out).toContain(
        `Verified: your balances are included in snapshot ${snapshot._id}`,
      );
      expect(good.out).toContain(`signed by the exchange's Ed25519 key ${publicKey}`);
      const bad = await verifyWithScript([inflated]);
      expect(bad).toEqual({
        code: 1,
        out: "Not verified: Your leaves' shares do not add up to your balances\n",
      });
      // A root re-stated with a larger total, its tree rebuilt to match: the signature gives it away.
      const restated = { ...proof, created_at: new Date(0).toISOString() };
      expect(await verifyWithScript([restated])).toEqual({
        code: 1,
        out: "Not verified: The exchange's signature on this root does not verify\n",
      });
      expect(await verifyWithScript([proof], ['--key', 'ab'.repeat(32)])).toEqual({
        code: 1,
        out: 'Not verified: This proof is signed with another key than the one the exchange publishes\n',
      });
    }

    const history = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves/history' });
    expect(history.json()).toMatchObject({ total: 1, data: [snapshot] });

    const nobody = await member(t);
    const missing = await authed(t, 'GET', '/proof-of-reserves/proof', nobody.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      'Your account held nothing when the latest snapshot was taken',
    );
    const trail = await authed(t, 'GET', '/admin/audit-log?action=reserves.published', admin.token);
    expect(trail.json()).toMatchObject({ total: 1, data: [{ target_id: snapshot._id }] });
  });

  it('refuses to publish while the ledger audit fails, and keeps the last snapshot', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves' })).json();
    // A balance that no ledger entry explains: the audit must catch it before anything is published.
    await sql`update accounts set available = available + 1 where user_id = ${alice.id}`.execute(
      t.database.db,
    );
    const run = await authed(t, 'POST', '/admin/proof-of-reserves', admin.token);
    expect(run.statusCode).toBe(409);
    expect(run.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'The ledger audit failed: the snapshot was not published',
    });
    expect(run.json().data.violations.join('\n')).toMatch(/but its entries sum to/);
    const after = (await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves' })).json();
    expect(after.data._id).toBe(before.data._id);
    const history = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves/history' });
    expect(history.json()).toMatchObject({ total: 1 });
  });
});
