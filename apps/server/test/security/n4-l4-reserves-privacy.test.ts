import {
  signedRootOfProof,
  verifyInclusionProof,
  verifyRootSignature,
  type InclusionProofFile,
  type ReservesSnapshot,
} from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../support/market.js';
import { authed, listTestTokens, member, type Member } from '../support/members.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * N4-L4 (security review 4): a proof of reserves' path showed a sibling leaf's sums, another
 * account's exact balances, and the root was unsigned. Reproduction: 24 users with distinctive
 * balances, a snapshot published, every user reads their proof.
 */
const USERS = 24;
/** 100.000, 101.037, 102.074, … USDT, and for every third user an ETH balance as well. */
const usdtOf = (i: number) =>
  `${100 + Math.floor((i * 1037) / 1000)}.${String((i * 1037) % 1000).padStart(3, '0')}`;
const ethOf = (i: number) => (i % 3 === 0 ? `${i + 1}.25` : null);
const units = (decimal: string) => {
  const [whole, fraction = ''] = decimal.split('.');
  return (BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(18, '0'))).toString();
};

/** Every `sums` list anywhere in a proof but its root, whatever the proof's shape. */
function sumsIn(value: unknown, out: string[][] = []): string[][] {
  if (Array.isArray(value)) value.forEach((v) => sumsIn(v, out));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value))
      if (key === 'root') continue;
      else if (key === 'sums' && Array.isArray(v)) out.push(v as string[]);
      else sumsIn(v, out);
  return out;
}

describe('N4-L4: a proof of reserves reveals no other account, and its root is signed', () => {
  let t: TestApp;
  let users: Member[];
  let snapshot: ReservesSnapshot;
  const proofs: InclusionProofFile[] = [];

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const { usdt, eth } = await listTestTokens(t);
    const admin = await member(t, { role: 'admin' });
    users = [];
    for (let i = 0; i < USERS; i++) {
      const user = await member(t);
      await fund(t, user, usdt, usdtOf(i), 'funding');
      const ether = ethOf(i);
      if (ether) await fund(t, user, eth, ether, 'spot');
      users.push(user);
    }
    const run = await authed(t, 'POST', '/admin/proof-of-reserves', admin.token);
    expect(run.statusCode, run.body).toBe(201);
    snapshot = run.json().data as ReservesSnapshot;
    for (const user of users) {
      const res = await authed(t, 'GET', '/proof-of-reserves/proof', user.token);
      expect(res.statusCode, res.body).toBe(200);
      proofs.push(res.json().data as InclusionProofFile);
    }
  }, 120_000);
  afterAll(() => t?.close());

  it("no proof holds another user's exact balance of any asset", async () => {
    // Assets are published in name order: ETH, USDT.
    expect(snapshot.assets.map((a) => a.token)).toEqual(['ETH', 'USDT']);
    const exact = users.map((_, i) => [ethOf(i) && units(ethOf(i)!), units(usdtOf(i))]);
    const leaked: string[] = [];
    proofs.forEach((proof, reader) => {
      const seen = sumsIn(proof);
      exact.forEach((balances, owner) => {
        if (owner === reader) return;
        balances.forEach((amount, asset) => {
          if (amount && seen.some((sums) => sums[asset] === amount))
            leaked.push(`user ${reader} reads user ${owner}'s ${asset ? 'USDT' : 'ETH'}`);
        });
      });
    });
    expect(leaked).toEqual([]);
  });

  it("each user's proof still verifies: their shares add up to their exact balances", async () => {
    for (const [i, proof] of proofs.entries()) {
      expect(proof.balances).toEqual([ethOf(i) ? units(ethOf(i)!) : '0', units(usdtOf(i))]);
      expect(await verifyInclusionProof(proof)).toEqual({ ok: true });
    }
  });

  it("the root is signed with the exchange's published key; a tampered root is refused", async () => {
    const key = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves/signing-key' });
    expect(key.statusCode, key.body).toBe(200);
    const publicKey = (key.json().data as { public_key: string }).public_key;
    const proof = proofs[0]!;
    expect(proof.signature.public_key).toBe(publicKey);
    expect(snapshot.signature?.value).toBe(proof.signature.value);
    const signed = signedRootOfProof(proof);
    expect(await verifyRootSignature(signed, proof.signature.value, publicKey)).toBe(true);

    const richer = [...proof.root.sums];
    richer[1] = (BigInt(richer[1]!) + 10n ** 24n).toString();
    for (const tampered of [
      { ...signed, root_sums: richer },
      { ...signed, root_hash: 'f'.repeat(64) },
      { ...signed, created_at: new Date(0).toISOString() },
      { ...signed, ledger_position: null },
    ])
      expect(await verifyRootSignature(tampered, proof.signature.value, publicKey)).toBe(false);
  });

  it('keeps every published root in a public history', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/proof-of-reserves/history' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, data: [{ _id: snapshot._id }] });
  });
});
