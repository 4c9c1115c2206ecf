import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';
import { passkeyStepUpSchema, twoFactorCodeSchema } from './two-factor.js';

export const NETWORKS = ['ethereum', 'bsc', 'polygon'] as const;
export type Network = (typeof NETWORKS)[number];
/** Where a deposit or withdrawal moves: an EVM network, or the Indian banking rail for INR. */
export const RAILS = [...NETWORKS, 'bank'] as const;
export type Rail = (typeof RAILS)[number];

export const WALLET_TYPES = ['spot', 'funding'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** `processing`: a bank withdrawal the admins approved, waiting for the bank's payout. */
export const WITHDRAWAL_STATUSES = ['pending', 'processing', 'approved', 'rejected'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Spec section 5 messages for the deposit, withdraw and transfer forms, word for word. */
export const WALLET_MESSAGES = {
  networkRequired: 'Network is required',
  senderRequired: 'Sender address is required',
  txHashRequired: 'Transaction hash is required',
  addressRequired: 'Token address is required',
  amountNumber: 'Amount must be a number',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount is too large',
  transferAmountPositive: 'Amount must be positive',
  walletRequired: 'Wallet is required',
  walletsMustDiffer: 'From and To must differ',
  tokenRequired: 'Token is required',
  addressInvalid: 'Enter a valid address (0x followed by 40 hex digits)',
  addressChecksum: 'The address checksum does not match: check the address',
  addressZero: 'Withdrawals to the zero address are not allowed',
  addressContract: 'This is a token contract, not a wallet address',
  addressInternal: 'This is a deposit address of this exchange: withdraw to an external address',
  txHashInvalid: 'Enter a valid transaction hash (0x followed by 64 hex digits)',
} as const;

const M = WALLET_MESSAGES;
const DECIMAL = /^\d+(\.\d+)?$/;
/** Whole digits an amount may have: far above any real balance, far below what the ledger holds. */
export const MAX_AMOUNT_DIGITS = 24;
const TOO_LARGE = 10 ** MAX_AMOUNT_DIGITS;
/** More than MAX_AMOUNT_DIGITS before the point, leading zeros aside; a short text is not scanned. */
function tooManyWholeDigits(text: string): boolean {
  if (text.length <= MAX_AMOUNT_DIGITS) return false;
  const whole = text.trim().split('.')[0] ?? '';
  return whole.replace(/^0+/, '').length > MAX_AMOUNT_DIGITS;
}

/** An amount finer than the coin allows (its precision on the wallet or network in question). */
export const amountAllowsDecimals = (places: number) =>
  `Amount allows at most ${places} decimal places`;

/** Significant digits after the point of a decimal text (trailing zeros aside; 0 for a non-number). */
export const decimalPlacesOf = (amount: string) =>
  /^\s*\d*\.(\d+)\s*$/.exec(amount)?.[1]?.replace(/0+$/, '').length ?? 0;

/** The maximum a transfer may move, as the form says it (spec section 5). */
export const amountCannotExceed = (max: string) => `Amount cannot exceed ${max}`;

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
  amount: z.string(),
  address: z.string(),
  tx_hash: z.string().nullable(),
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
