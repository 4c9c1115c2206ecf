import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedRootMessage, verifyRootSignature, type SignedRoot } from './reserves-signature.js';

const ROOT: SignedRoot = {
  snapshot_id: '0d5c7a1e-6b1f-4a8e-9d8e-7d1c2a3b4c5d',
  created_at: '2026-11-29T17:00:00.000Z',
  ledger_position: null,
  user_count: 2,
  leaf_count: 8,
  assets: ['BTC', 'USDT'],
  root_hash: 'ab'.repeat(32),
  root_sums: ['5', '350'],
};

function signer() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const x = publicKey.export({ format: 'jwk' }).x!;
  return {
    publicKey: Buffer.from(x, 'base64url').toString('hex'),
    sign: (root: SignedRoot) =>
      sign(null, Buffer.from(signedRootMessage(root)), privateKey).toString('hex'),
  };
}

describe("the exchange's signature on a root", () => {
  it('signs one line naming every field', () => {
    expect(signedRootMessage(ROOT)).toBe(
      `por-root-v1|${ROOT.snapshot_id}|2026-11-29T17:00:00.000Z|-|2|8|BTC,USDT|${'ab'.repeat(32)}|5,350`,
    );
  });

  it('verifies with the signing key, and not with another', async () => {
    const exchange = signer();
    const signature = exchange.sign(ROOT);
    expect(await verifyRootSignature(ROOT, signature, exchange.publicKey)).toBe(true);
    expect(await verifyRootSignature(ROOT, signature, signer().publicKey)).toBe(false);
  });

  it('refuses a root, its sums, time or position changed after signing', async () => {
    const exchange = signer();
    const signature = exchange.sign(ROOT);
    for (const changed of [
      { ...ROOT, root_hash: 'cd'.repeat(32) },
      { ...ROOT, root_sums: ['5', '349'] },
      { ...ROOT, created_at: '2026-11-30T17:00:00.000Z' },
      { ...ROOT, ledger_position: 'x' },
      { ...ROOT, leaf_count: 16 },
    ])
      expect(await verifyRootSignature(changed, signature, exchange.publicKey)).toBe(false);
  });

  it('answers false for a malformed signature or key, never throws', async () => {
    const exchange = signer();
    expect(await verifyRootSignature(ROOT, 'zz', exchange.publicKey)).toBe(false);
    expect(await verifyRootSignature(ROOT, '00'.repeat(64), '00'.repeat(31))).toBe(false);
    expect(await verifyRootSignature(ROOT, '00'.repeat(64), exchange.publicKey)).toBe(false);
  });
});
