import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  compileTestToken,
  deployTestToken,
  sendToken,
  startLocalChain,
  tokenBalance,
  type LocalChain,
} from '@exchange/test-chain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HdSpendingKeys } from '../src/chain/hd-keys.js';
import { broadcastSigned } from '../src/cli/custody/broadcast.js';
import { writeSweepPlan } from '../src/cli/custody/sweep-plan.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { scanDeposits } from '../src/modules/deposits/scanner.js';
import { recordMovements, sweepSources } from '../src/modules/custody/service.js';
import { BACKENDS } from './support/databases.js';
import { insertToken } from './support/listings.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The offline sweeper end to end on the local chain: deposits credited to several users, a plan
 * made from the xpub and the chain, signed in a separate process with no chain endpoint and no
 * socket, broadcast, recorded as movements between the exchange's wallets; users' balances and
 * the ledger audit untouched, and a second broadcast sends nothing.
 */
const run = promisify(execFile);
const CLI = path.join(import.meta.dirname, '../src/cli/custody.ts');
/**
 * One mnemonic per backend (both backends' users get HD indexes from 1 on the one chain), neither
 * Hardhat's own: its accounts start funded. BIP-39's test vectors.
 */
const MNEMONICS: Record<string, string> = {
  pglite: `${'abandon '.repeat(11)}about`,
  postgres: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
};
const GAS: Record<string, string> = {};
const COLD = '0x' + 'c0'.repeat(20);
const ETH = 10n ** 18n;

let chain: LocalChain;
let usdtContract: string;
let sender: string;
let dir: string;

beforeAll(async () => {
  const bytecode = await compileTestToken();
  chain = await startLocalChain();
  [sender] = chain.accounts as [string];
  usdtContract = await deployTestToken(chain, bytecode, sender, 6, 10n ** 30n);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'custody-'));
  for (const [kind, mnemonic] of Object.entries(MNEMONICS)) {
    const keys = await HdSpendingKeys.fromMnemonic(mnemonic);
    GAS[kind] = keys.gas().address;
    keys.wipe();
    await chain.send({ from: sender, to: GAS[kind], value: ETH });
    await fs.writeFile(path.join(dir, `${kind}-mnemonic.txt`), `${mnemonic}\n`);
  }
}, 60_000);

afterAll(async () => {
  await chain?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

/** `npm run custody -- sign` in its own process, with no chain endpoint in its environment. */
function sign(plan: string, kind: string, env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.endsWith('_RPC_URL')),
  );
  return run(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      CLI,
      'sign',
      plan,
      '--mnemonic-file',
      path.join(dir, `${kind}-mnemonic.txt`),
      '--yes',
    ],
    { env: { ...clean, ...env } },
  ).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({
      code: e.code,
      out: e.stdout,
      err: e.stderr,
    }),
  );
}

describe.each(BACKENDS)('the offline sweeper on %s', (kind) => {
  let t: TestApp;
  let usdt: string;
  let eth: string;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        HD_MNEMONIC: MNEMONICS[kind] as string,
        ETHEREUM_RPC_URL: chain.url,
        ETHEREUM_CHAIN_ID: String(chain.chainId),
        ETHEREUM_CONFIRMATIONS: '1',
        ETHEREUM_COLD_ADDRESSES: COLD,
        ETHEREUM_GAS_ADDRESS: GAS[kind] as string,
        SWEEP_DUST_USDT: '1',
        SWEEP_DUST_ETH: '0.001',
      },
    });
    usdt = await insertToken(t.database.db, {
      name: 'Tether USD',
      shortName: 'USDT',
      decimals: 6,
      networks: [{ network: 'ethereum', contractAddress: usdtContract, decimals: 6 }],
    });
    eth = await insertToken(t.database.db, {
      name: 'Ethereum',
      shortName: 'ETH',
      decimals: 8,
      networks: [{ network: 'ethereum', contractAddress: null, decimals: 18 }],
    });
    await t.app.ctx.core.tokens.reload();
    await scanDeposits(t.app.ctx, t.app.log);
  }, 180_000);
  afterAll(() => t?.close());

  async function depositAddress(user: Member): Promise<string> {
    const res = await authed(t, 'GET', '/wallets/deposit?network=ethereum', user.token);
    return res.json().data.address as string;
  }

  async function balances(user: Member) {
    const res = await authed(t, 'GET', '/wallets', user.token);
    return JSON.stringify(res.json().data);
  }

  it('sweeps deposits to the cold address, signed offline, and books it once', async () => {
    const users = [await member(t), await member(t), await member(t)];
    const addresses = await Promise.all(users.map(depositAddress));
    await sendToken(chain, usdtContract, sender, addresses[0] as string, 40_000_000n);
    await sendToken(chain, usdtContract, sender, addresses[1] as string, 2_500_000n);
    await chain.send({ from: sender, to: addresses[1] as string, value: 10n ** 12n });
    await chain.send({ from: sender, to: addresses[2] as string, value: ETH / 2n });
    // Dust: stays where it is.
    const dusty = await member(t);
    const dustAddress = await depositAddress(dusty);
    await sendToken(chain, usdtContract, sender, dustAddress, 500_000n);
    expect(await scanDeposits(t.app.ctx, t.app.log)).toBe(5);
    const before = await Promise.all([...users, dusty].map(balances));

    const plan = path.join(dir, `plan-${kind}.json`);
    await writeSweepPlan(
      t.app.ctx.config,
      'ethereum',
      await sweepSources(t.database.db, 'ethereum'),
      plan,
    );
    const planned = JSON.parse(await fs.readFile(plan, 'utf8')) as {
      transactions: { id: string; to: string }[];
    };
    expect(planned.transactions.map((tx) => tx.id).sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^top-up:/), expect.stringMatching(/^sweep:/)]),
    );
    // Two top-ups (no coin, and too little), two USDT sweeps, one ETH sweep; the dust stays.
    expect(planned.transactions.filter((tx) => tx.id.startsWith('top-up')).length).toBe(2);
    expect(planned.transactions.filter((tx) => tx.id.startsWith('sweep')).length).toBe(3);
    expect(planned.transactions.every((tx) => tx.to !== dustAddress)).toBe(true);

    const signed = await sign(plan, kind);
    expect(signed.err).toBe('');
    expect(signed.code).toBe(0);
    expect(signed.out).toContain('Signed 5 transactions');
    const signedFile = plan.replace(/\.json$/, '.signed.json');

    const record = (m: Parameters<typeof recordMovements>[1]) =>
      recordMovements(t.database.db, m, new Date());
    const report = await broadcastSigned(t.app.ctx.config, signedFile, record);
    expect(Object.values(report.outcomes)).toEqual(Array(5).fill('mined'));
    expect(report.recorded).toBe(5);
    expect(await tokenBalance(chain, usdtContract, COLD)).toBeGreaterThanOrEqual(42_500_000n);
    expect(await tokenBalance(chain, usdtContract, addresses[0] as string)).toBe(0n);
    expect(await tokenBalance(chain, usdtContract, dustAddress)).toBe(500_000n);
    const left = BigInt(await chain.request<string>('eth_getBalance', [addresses[2], 'latest']));
    expect(left).toBe(0n);

    // Run again: recognised, not re-sent, not booked twice.
    const gasNonce = await chain.request<string>('eth_getTransactionCount', [GAS[kind], 'latest']);
    const again = await broadcastSigned(t.app.ctx.config, signedFile, record);
    expect(Object.values(again.outcomes)).toEqual(Array(5).fill('already mined'));
    expect(again.recorded).toBe(0);
    expect(await chain.request<string>('eth_getTransactionCount', [GAS[kind], 'latest'])).toBe(
      gasNonce,
    );

    expect(await Promise.all([...users, dusty].map(balances))).toEqual(before);
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    const movements = await t.database.db.selectFrom('custody_movements').selectAll().execute();
    expect(
      movements
        .filter((m) => m.to_tier === 'cold')
        .map((m) => m.symbol)
        .sort(),
    ).toEqual(['ETH', 'USDT', 'USDT']);
    expect(movements.find((m) => m.symbol === 'ETH' && m.to_tier === 'cold')?.token_id).toBe(eth);
    expect(movements.filter((m) => m.token_id === usdt).length).toBe(2);
  }, 120_000);
});

describe('the offline signer', () => {
  it('refuses to run where a chain endpoint is configured', async () => {
    const refused = await sign(path.join(dir, 'absent.json'), 'pglite', {
      BSC_RPC_URL: 'http://127.0.0.1:1',
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('Refused: BSC_RPC_URL is set');
  }, 60_000);

  it('cannot open a socket once the guard is on: TCP, fetch and name lookups all throw', async () => {
    const guard = path.join(import.meta.dirname, '../src/cli/custody/no-network.ts');
    const script = `
      import net from 'node:net';
      import dns from 'node:dns';
      const { forbidNetwork } = await import(${JSON.stringify(guard)});
      forbidNetwork();
      const tries = {
        tcp: () => net.connect(1, '127.0.0.1'),
        fetch: () => fetch('http://127.0.0.1:1'),
        dns: () => dns.lookup('example.com', () => {}),
      };
      for (const [name, attempt] of Object.entries(tries)) {
        try { await attempt(); console.log(name, 'opened'); } catch (e) { console.log(name, e.message); }
      }`;
    const { stdout } = await run(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ]);
    expect(stdout.trim().split('\n')).toEqual([
      'tcp The offline signer opens no network connection',
      'fetch The offline signer opens no network connection',
      'dns The offline signer opens no network connection',
    ]);
  }, 60_000);

  it('imports neither the chain client nor the database', async () => {
    const seen = new Set<string>();
    const visit = async (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await fs.readFile(file, 'utf8');
      for (const m of source.matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)) {
        const target = path.resolve(path.dirname(file), (m[1] as string).replace(/\.js$/, '.ts'));
        await visit(target);
      }
    };
    await visit(path.join(import.meta.dirname, '../src/cli/custody/sign.ts'));
    const names = [...seen].map((f) => path.relative(path.join(import.meta.dirname, '../src'), f));
    expect(names).toContain('chain/hd-keys.ts');
    for (const forbidden of [
      'chain/chain-reader.ts',
      'chain/evm-rpc.ts',
      'chain/hot-wallet.ts',
      'db/connect.ts',
      'cli/data-dir-access.ts',
    ])
      expect(names).not.toContain(forbidden);
    const packages = await Promise.all([...seen].map((f) => fs.readFile(f, 'utf8')));
    expect(packages.join('\n')).not.toMatch(/from 'viem'|from 'kysely'|from '@electric-sql/);
  });
});
