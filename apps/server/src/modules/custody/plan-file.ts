import { z } from 'zod';
import { EVM_NETWORKS } from '../../chain/networks.js';

/**
 * The files of the offline custody flow (README, "Custody"): a plan of unsigned transactions
 * (`npm run custody -- sweep-plan`), the same transactions signed (`sign`, offline), sent by
 * `broadcast`. Each file says what it is, for which chain, and every transaction in words an
 * operator can check (from, to, token, amount, nonce, gas): the signer builds each transaction from
 * these fields itself, so no opaque call data can hide another destination.
 */
export const PLAN_FORMAT = 'exchange-custody-plan/1';
export const SIGNED_FORMAT = 'exchange-custody-signed/1';

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((a) => a.toLowerCase());
const units = z.string().regex(/^\d+$/, 'an amount in on-chain units');
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/);

export const TIERS = ['deposit', 'gas', 'hot', 'cold'] as const;
export type Tier = (typeof TIERS)[number];

export const plannedTxSchema = z.object({
  /** Unique in the plan: `top-up:<index>`, `sweep:<index>:<token>`. */
  id: z.string().min(1),
  kind: z.enum(['top_up', 'sweep']),
  /** Whose key signs: a deposit address (its HD index) or the gas address. */
  signer: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('deposit'),
      index: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
    }),
    z.object({ kind: z.literal('gas') }),
  ]),
  from: address,
  from_tier: z.enum(TIERS),
  to: address,
  to_tier: z.enum(TIERS),
  /** null: the network's native coin (also what a top-up sends). */
  token_id: z.string().nullable(),
  symbol: z.string(),
  contract: address.nullable(),
  units,
  decimals: z.number().int().min(0).max(36),
  nonce: z.number().int().min(0),
  gas_limit: units,
  gas_price: units,
  /** Ids of transactions that must be mined first (the top-up paying this sweep's gas). */
  after: z.array(z.string()),
});
export type PlannedTx = z.infer<typeof plannedTxSchema>;

export const planSchema = z.object({
  format: z.literal(PLAN_FORMAT),
  plan_id: z.string().min(1),
  created_at: z.string(),
  description: z.string(),
  network: z.enum(EVM_NETWORKS),
  chain_id: z.number().int().positive(),
  destinations: z.object({ cold: address, hot: address.nullable() }),
  gas_address: address,
  transactions: z.array(plannedTxSchema),
});
export type CustodyPlan = z.infer<typeof planSchema>;

export const signedTxSchema = plannedTxSchema.extend({ raw_tx: hex, tx_hash: hex });
export type SignedTx = z.infer<typeof signedTxSchema>;

export const signedSchema = planSchema.extend({
  format: z.literal(SIGNED_FORMAT),
  signed_at: z.string(),
  transactions: z.array(signedTxSchema),
});
export type SignedPlan = z.infer<typeof signedSchema>;

/** A file read as `schema`, or an error saying what it is not. */
export function parseCustodyFile<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`Not a ${what}: the file is not JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Not a ${what}: ${issue?.path.join('.') || 'file'}: ${issue?.message}`);
  }
  return parsed.data;
}
