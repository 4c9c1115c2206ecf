import { z } from 'zod';
import { EVM_NETWORKS } from '../../chain/networks.js';
import { TIERS } from './plan-file.js';

const units = z.string().regex(/^\d+$/);

/** One mined transaction between the exchange's wallets, as `broadcast` reports it. */
export const movementSchema = z.object({
  network: z.enum(EVM_NETWORKS),
  tx_hash: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  kind: z.enum(['sweep', 'top_up']),
  plan_id: z.string().min(1).max(100),
  token_id: z.uuid().nullable(),
  symbol: z.string().min(1).max(20),
  from_tier: z.enum(TIERS),
  from_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  to_tier: z.enum(TIERS),
  to_address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  units,
  /** Ledger units of `token_id` (null with no token). */
  amount: units.nullable(),
  fee_wei: units,
  block_number: z.number().int().min(0),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementsBodySchema = z.object({ movements: z.array(movementSchema).max(10_000) });
