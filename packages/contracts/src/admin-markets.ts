import { z } from 'zod';
import { PAIR_STATUSES } from './market-constants.js';
import { NETWORKS } from './wallet-constants.js';

export const ADMIN_MARKET_MESSAGES = {
  nameRequired: 'Enter the token name',
  nameTooLong: 'Keep the name under 50 characters',
  shortNameRequired: 'Enter the short name',
  shortNameInvalid: 'Short name: 2 to 10 capital letters or digits',
  decimalsInvalid: 'Decimals: a whole number from 0 to 18',
  networkRequired: 'Choose a network',
  networkTwice: 'List each network once',
  contractInvalid:
    'Enter the contract address (0x followed by 40 hex digits), or leave it empty for the native coin',
  tokenRequired: 'Choose the base token',
  tickInvalid: 'Tick size must be a positive decimal with at most 18 places',
  lotInvalid: 'Lot size must be a positive decimal with at most 18 places',
  minimumInvalid: 'Minimum order value must be a decimal with at most 18 places',
  feeInvalid: 'A fee is a fraction from 0 to 0.1 (0.001 is 0.1%)',
  shortNameTaken: 'A token with this short name is already listed',
  pairListed: 'This pair is already listed',
  baseIsQuote: 'The base token cannot be the quote token',
  alreadyHalted: 'Trading is already halted on this pair',
  notHalted: 'Trading is not halted on this pair',
  withdrawMinBelowFee: 'The minimum must be above the fee (or 0 for none)',
  stepsTooFine: 'Tick size × lot size must be a whole multiple of 0.000000000000000001',
} as const;
const M = ADMIN_MARKET_MESSAGES;

const positiveDecimal = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, { error: message })
    .refine((v) => Number(v) > 0, { error: message })
    .meta({ pattern: '^(?=.*[1-9])\\d{1,12}(\\.\\d{1,18})?$', description: 'A decimal above 0' });
const feeRate = z
  .string({ error: M.feeInvalid })
  .trim()
  .regex(/^0(\.\d{1,18})?$|^0?\.\d{1,18}$/, { error: M.feeInvalid })
  .refine((v) => Number(v) <= 0.1, { error: M.feeInvalid })
  .meta({ description: 'A fraction from 0 to 0.1 (0.001 is 0.1%), at most 18 decimal places' });
const decimals = z.coerce
  .number({ error: M.decimalsInvalid })
  .int({ error: M.decimalsInvalid })
  .min(0, { error: M.decimalsInvalid })
  .max(18, { error: M.decimalsInvalid });

/** POST /admin/markets/tokens: a token, with its contract on each network it lives on. */
export const newTokenSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, { error: M.nameRequired })
    .max(50, { error: M.nameTooLong }),
  short_name: z
    .string({ error: M.shortNameRequired })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, { error: M.shortNameInvalid }),
  decimals: decimals.describe('Display precision'),
  networks: z
    .array(
      z.object({
        network: z.enum(NETWORKS, { error: M.networkRequired }),
        contract_address: z
          .string()
          .trim()
          .regex(/^(0x[0-9a-fA-F]{40})?$/, { error: M.contractInvalid })
          .nullable()
          .transform((v) => (v ? v.toLowerCase() : null))
          .describe('null or empty for the native coin'),
        decimals: decimals.describe('The token contract’s decimals on that network'),
      }),
    )
    .max(NETWORKS.length)
    .refine((list) => new Set(list.map((n) => n.network)).size === list.length, {
      error: M.networkTwice,
    }),
});
export type NewTokenRequest = z.infer<typeof newTokenSchema>;

/** PATCH /admin/markets/pairs/{symbol}/fees: maker and taker fee rates as fractions. */
export const pairFeesSchema = z.object({ maker_fee: feeRate, taker_fee: feeRate });
export type PairFeesRequest = z.infer<typeof pairFeesSchema>;

/** POST /admin/markets/pairs: a pair of a listed token against USDT. */
export const newPairSchema = pairFeesSchema.extend({
  base_token_id: z.string({ error: M.tokenRequired }).trim().min(1, { error: M.tokenRequired }),
  tick_size: positiveDecimal(M.tickInvalid),
  lot_size: positiveDecimal(M.lotInvalid),
  min_notional: z
    .string({ error: M.minimumInvalid })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, { error: M.minimumInvalid }),
});
export type NewPairRequest = z.infer<typeof newPairSchema>;

export const adminTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  short_name: z.string(),
  decimals: z.number().int(),
  networks: z.array(
    z.object({
      network: z.enum(NETWORKS),
      contract_address: z.string().nullable(),
      decimals: z.number().int(),
      withdraw_fee: z.string(),
      withdraw_min: z.string(),
    }),
  ),
});
export type AdminToken = z.infer<typeof adminTokenSchema>;

export const adminPairSchema = z.object({
  _id: z.string(),
  symbol: z.string(),
  base_token: z.string().describe('Short name'),
  quote_token: z.string().describe('Short name'),
  tick_size: z.string(),
  lot_size: z.string(),
  min_notional: z.string(),
  maker_fee: z.string(),
  taker_fee: z.string(),
  status: z.enum(PAIR_STATUSES),
  open_orders: z.number().int(),
});
export type AdminPair = z.infer<typeof adminPairSchema>;

export const adminMarketsSchema = z.object({
  tokens: z.array(adminTokenSchema),
  pairs: z.array(adminPairSchema),
});
export type AdminMarkets = z.infer<typeof adminMarketsSchema>;
