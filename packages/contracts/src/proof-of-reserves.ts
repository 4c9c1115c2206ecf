import { z } from 'zod';

/** One network's reading of an asset's reserves, at the snapshot's block. */
export const reserveReadingSchema = z.object({
  network: z.string(),
  /** null: the network has no reachable RPC endpoint, so its reserves are not counted. */
  block_number: z.number().int().nullable(),
  /** Decimal amount; null when not read. */
  amount: z.string().nullable(),
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
  /** 'admin' or 'schedule'. */
  trigger: z.enum(['admin', 'schedule']),
  assets: z.array(reserveAssetSchema),
});
export type ReservesSnapshot = z.infer<typeof reservesSnapshotSchema>;

const sumNodeSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Not a sha256 hash' }),
  sums: z.array(z.string()),
});

/**
 * A user's inclusion proof, the file they download (GET /proof-of-reserves/proof) and verify
 * with `verifyInclusionProof` in the browser or `npm run verify:reserves -- <file>`.
 */
export const inclusionProofSchema = z.object({
  snapshot_id: z.string(),
  created_at: z.string(),
  assets: z.array(z.string()),
  leaf: z.object({ user_id: z.string(), salt: z.string(), balances: z.array(z.string()) }),
  path: z.array(sumNodeSchema.extend({ side: z.enum(['left', 'right']) })),
  root: sumNodeSchema,
});
export type InclusionProofFile = z.infer<typeof inclusionProofSchema>;

export const PROOF_OF_RESERVES_MESSAGES = {
  auditFailed: 'The ledger audit failed: the snapshot was not published',
  noSnapshot: 'No proof of reserves has been published yet',
  notIncluded: 'Your account held nothing when the latest snapshot was taken',
} as const;
