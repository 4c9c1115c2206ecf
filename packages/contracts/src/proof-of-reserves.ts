import { z } from 'zod';
import type { SignedRoot } from './reserves-signature.js';
import { pageQuerySchema } from './wallets.js';

/** One network's reading of an asset's reserves, at the snapshot's block. */
export const reserveReadingSchema = z.object({
  network: z.string(),
  /** null: the network has no reachable RPC endpoint, so its reserves are not counted. */
  block_number: z.number().int().nullable(),
  /** Decimal amount; null when not read. */
  amount: z.string().nullable(),
  /**
   * Where `amount` is held (decimal amounts): the deposit addresses (and the gas address that pays
   * their sweeps), the hot wallet, the cold addresses. Absent in snapshots taken before issue 51.
   */
  tiers: z.object({ deposit: z.string(), hot: z.string(), cold: z.string() }).nullable().optional(),
});
export type ReserveReading = z.infer<typeof reserveReadingSchema>;

export const reserveAssetSchema = z.object({
  token: z.string(),
  /** What users hold, available plus held: the tree's root sum for this asset (decimal). */
  liabilities: z.string(),
  /**
   * On-chain balances of the exchange's addresses, summed over the networks read (decimal); null
   * when no network of the asset could be read.
   */
  reserves: z.string().nullable(),
  /** reserves ÷ liabilities as a percentage with two decimals; null when nothing is owed or read. */
  ratio_percent: z.string().nullable(),
  readings: z.array(reserveReadingSchema),
});
export type ReserveAsset = z.infer<typeof reserveAssetSchema>;

const HEX_64 = /^[0-9a-f]{64}$/;

/** The exchange's Ed25519 signature on a snapshot (see reserves-signature.ts). */
export const reservesSignatureSchema = z.object({
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key, hex: the one GET /proof-of-reserves/signing-key publishes. */
  public_key: z.string().regex(HEX_64, { error: 'Not an Ed25519 public key' }),
  /** 64 bytes, hex, over `signedRootMessage` of the snapshot. */
  value: z.string().regex(/^[0-9a-f]{128}$/, { error: 'Not an Ed25519 signature' }),
});
export type ReservesSignature = z.infer<typeof reservesSignatureSchema>;

/** The key the exchange signs its proofs of reserves with: GET /proof-of-reserves/signing-key. */
export const reservesSigningKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  public_key: z.string(),
});
export type ReservesSigningKey = z.infer<typeof reservesSigningKeySchema>;

/** GET /proof-of-reserves/history: every published snapshot, newest first. */
export const reservesHistoryQuerySchema = pageQuerySchema;

/** A published proof-of-reserves snapshot: GET /proof-of-reserves (public). */
export const reservesSnapshotSchema = z.object({
  _id: z.string(),
  created_at: z.string(),
  /** The last ledger transaction the snapshot includes (time-ordered id). */
  ledger_position: z.string().nullable(),
  root_hash: z.string(),
  /** The root's sums, per asset in `assets` order, ledger units (10^-18). */
  root_sums: z.array(z.string()),
  user_count: z.number().int(),
  /** Leaves of the tree, dummies included (a power of two); null: taken before leaves were split. */
  leaf_count: z.number().int().nullable(),
  /** null: taken before snapshots were signed. */
  signature: reservesSignatureSchema.nullable(),
  /** 'admin' or 'schedule'. */
  trigger: z.enum(['admin', 'schedule']),
  assets: z.array(reserveAssetSchema),
});
export type ReservesSnapshot = z.infer<typeof reservesSnapshotSchema>;

const sumNodeSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Not a sha256 hash' }),
  sums: z.array(z.string()),
});

const stepSchema = sumNodeSchema.extend({ side: z.enum(['left', 'right']) });

/**
 * A user's inclusion proof, the file they download (GET /proof-of-reserves/proof) and verify
 * with `verifyInclusionProof` and `verifyRootSignature` in the browser or
 * `npm run verify:reserves -- <file>`: every one of their leaves with its path, and the signed
 * root they lead to.
 */
export const inclusionProofSchema = z.object({
  snapshot_id: z.string(),
  created_at: z.string(),
  ledger_position: z.string().nullable(),
  user_count: z.number().int(),
  leaf_count: z.number().int(),
  assets: z.array(z.string()),
  user_id: z.string(),
  /** The user's balances, per asset: what their leaves' shares add up to. */
  balances: z.array(z.string()),
  leaves: z.array(
    z.object({
      index: z.number().int(),
      salt: z.string(),
      shares: z.array(z.string()),
      path: z.array(stepSchema),
    }),
  ),
  root: sumNodeSchema,
  signature: reservesSignatureSchema,
});
export type InclusionProofFile = z.infer<typeof inclusionProofSchema>;

/** What the exchange signed for a published snapshot; null when it predates signing. */
export function signedRootOfSnapshot(s: ReservesSnapshot): SignedRoot | null {
  if (s.leaf_count === null) return null;
  return {
    snapshot_id: s._id,
    created_at: s.created_at,
    ledger_position: s.ledger_position,
    user_count: s.user_count,
    leaf_count: s.leaf_count,
    assets: s.assets.map((a) => a.token),
    root_hash: s.root_hash,
    root_sums: s.root_sums,
  };
}

/** What the exchange signed for the snapshot a proof leads to. */
export function signedRootOfProof(p: InclusionProofFile): SignedRoot {
  return {
    snapshot_id: p.snapshot_id,
    created_at: p.created_at,
    ledger_position: p.ledger_position,
    user_count: p.user_count,
    leaf_count: p.leaf_count,
    assets: p.assets,
    root_hash: p.root.hash,
    root_sums: p.root.sums,
  };
}

export const PROOF_OF_RESERVES_MESSAGES = {
  auditFailed: 'The ledger audit failed: the snapshot was not published',
  noSnapshot: 'No proof of reserves has been published yet',
  notIncluded: 'Your account held nothing when the latest snapshot was taken',
  unsigned:
    'The latest snapshot was taken before proofs were signed: your proof comes with the next one',
} as const;
