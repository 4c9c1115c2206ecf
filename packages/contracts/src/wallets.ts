import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import { passkeyStepUpSchema, twoFactorCodeSchema } from './two-factor.js';
import {
  DEPOSIT_STATUSES,
  MAX_AMOUNT_DIGITS,
  NETWORKS,
  RAILS,
  WALLET_MESSAGES,
  WALLET_TYPES,
  WITHDRAWAL_STATUSES,
} from './wallet-constants.js';

const M = WALLET_MESSAGES;
const DECIMAL = /^\d+(\.\d+)?$/;
const TOO_LARGE = 10 ** MAX_AMOUNT_DIGITS;
/** More than MAX_AMOUNT_DIGITS before the point, leading zeros aside; a short text is not scanned. */
function tooManyWholeDigits(text: string): boolean {
  if (text.length <= MAX_AMOUNT_DIGITS) return false;
  const whole = text.trim().split('.')[0] ?? '';
  return whole.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS;
}

/** What the OpenAPI document says of an amount: the rule above, which a refinement cannot show. */
const POSITIVE_AMOUNT_DOC = {
  anyOf: [
    { type: 'number', minimum: 0, exclusiveMinimum: true },
    { type: 'string', pattern: `^\\s*\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d+)?\\s*$` },
  ],
  description: `Greater than 0, at most ${MAX_AMOUNT_DIGITS} whole digits: a number, or a decimal string (exact)`,
};

/**
 * An amount as a number or a decimal string, kept as given (the server parses it exactly):
 * missing → "Amount is required", not numeric → "Amount must be a number", zero → `positive`.
 */
export const amountSchema = (positive: string = M.amountPositive) =>
  z
    .union([z.number(), z.string()], {
      error: (i) => (i.input == null ? M.amountRequired : M.amountNumber),
    })
    .superRefine((value, ctx) => {
      if (typeof value === 'string' && value.trim() === '') {
        ctx.addIssue({ code: 'custom', message: M.amountRequired });
      } else if (
        typeof value === 'number' ? !Number.isFinite(value) : !DECIMAL.test(value.trim())
      ) {
        ctx.addIssue({
          code: 'custom',
          message: typeof value === 'string' && /^-/.test(value.trim()) ? positive : M.amountNumber,
        });
      } else if (Number(value) <= 0) {
        ctx.addIssue({ code: 'custom', message: positive });
      } else if (typeof value === 'number' ? value >= TOO_LARGE : tooManyWholeDigits(value)) {
        ctx.addIssue({ code: 'custom', message: M.amountTooLarge });
      }
    })
    .meta(POSITIVE_AMOUNT_DOC);

const requiredText = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });
const networkSchema = z.enum(NETWORKS, { error: M.networkRequired });
const walletSchema = z.enum(WALLET_TYPES, { error: M.walletRequired });
const tokenIdSchema = requiredText(M.tokenRequired);
const evmAddress = (required: string) =>
  requiredText(required).regex(/^0x[0-9a-fA-F]{40}$/, { error: M.addressInvalid });

export const depositRequestSchema = z.object({
  network: networkSchema,
  sender_address: evmAddress(M.senderRequired),
  transaction_hash: requiredText(M.txHashRequired).regex(/^0x[0-9a-fA-F]{64}$/, {
    error: M.txHashInvalid,
  }),
  amount: amountSchema(),
  /** The token deposited; defaults to USDT. Needed only when the chain cannot be asked. */
  token_id: z.string().trim().min(1).optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

export const withdrawRequestSchema = z.object({
  network: networkSchema,
  address: evmAddress(M.addressRequired),
  amount: amountSchema(),
  token_id: tokenIdSchema,
  two_factor_code: twoFactorCodeSchema
    .optional()
    .describe('Required when the authenticator app is on: its code or a recovery code'),
  passkey_response: passkeyStepUpSchema
    .optional()
    .describe('With passkeys and no authenticator app: a passkey step-up answer'),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const transferRequestSchema = z
  .object({
    from_wallet: walletSchema,
    to_wallet: walletSchema,
    amount: amountSchema(M.transferAmountPositive),
    token_id: tokenIdSchema,
  })
  .refine((t) => t.from_wallet !== t.to_wallet, {
    error: M.walletsMustDiffer,
    path: ['to_wallet'],
  });
export type TransferRequest = z.infer<typeof transferRequestSchema>;

export const tokenRefSchema = z.object({ _id: z.string(), name: z.string(), symbol: z.string() });

export const balanceSchema = z.object({
  amount: z.string().describe('Available to use'),
  locked_balance: z.string().describe('Held by open orders or pending withdrawals'),
  wallet_type: z.enum(WALLET_TYPES),
  token: tokenRefSchema,
});

/** A network a token is listed on, with the precision it has there. */
export const tokenNetworkSchema = z.object({
  network: z.enum(NETWORKS),
  decimals: z.number().int(),
  withdraw_fee: z.string().describe('Taken from each withdrawal on this network, in the coin'),
  withdraw_min: z.string().describe('The smallest withdrawal on this network, fee included'),
});
export type TokenNetwork = z.infer<typeof tokenNetworkSchema>;

export const walletGroupSchema = z.object({
  token_id: z.string(),
  short_name: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  networks: z
    .array(tokenNetworkSchema)
    .describe('Where the token can be deposited and withdrawn; empty: nowhere'),
  balances: z.array(balanceSchema),
});
export type WalletGroup = z.infer<typeof walletGroupSchema>;

export const depositRecordSchema = z.object({
  _id: z.string(),
  network: z.enum(RAILS),
  amount: z.string(),
  tx_hash: z.string(),
  sender_address: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  token: tokenRefSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DepositRecordDto = z.infer<typeof depositRecordSchema>;

export const withdrawalRecordSchema = z.object({
  _id: z.string(),
  network: z.enum(RAILS),
  amount: z.string().describe('Taken from the funding wallet, the fee included'),
  fee: z.string().describe('The network fee kept from the amount; the address receives the rest'),
  address: z.string().describe('A crypto address; a rupee withdrawal: the bank account id'),
  payee: z
    .string()
    .optional()
    .describe('A rupee withdrawal in the history: the bank and the masked account number'),
  tx_hash: z.string().nullable().describe("The transaction hash; a rupee payout: the bank's UTR"),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  token: tokenRefSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawalRecordDto = z.infer<typeof withdrawalRecordSchema>;

export const pageQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(500).default(20),
});
