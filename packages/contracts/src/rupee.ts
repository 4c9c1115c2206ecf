import { z } from 'zod';
import { adminStepUpSchema } from './admin.js';
import { normaliseUtr } from './utr.js';
import { amountSchema, pageQuerySchema } from './wallets.js';

/** At most this many bank accounts per user, pending or verified. */
export const MAX_BANK_ACCOUNTS = 3;

export const BANK_ACCOUNT_STATUSES = ['pending', 'verified', 'rejected', 'removed'] as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUSES)[number];

/**
 * The bank's answer to a penny drop (beneficiary name validation), as RazorpayX's fund account
 * validation reports it in `results.account_status` (`active`, `invalid`), and `failed` when the
 * validation did not complete (its `status`).
 */
export const BANK_VALIDATION_STATUSES = ['active', 'invalid', 'failed'] as const;
export type BankValidationStatus = (typeof BANK_VALIDATION_STATUSES)[number];

export const RUPEE_MESSAGES = {
  holderRequired: 'Account holder name is required',
  holderInvalid: 'Enter the name as the bank shows it (letters, spaces and . only)',
  accountInvalid: 'Enter a valid account number (9 to 18 digits)',
  accountsDiffer: 'The account numbers do not match',
  ifscInvalid: 'Enter a valid IFSC (4 letters, 0, then 6 letters or digits, e.g. HDFC0001234)',
  upiInvalid: 'Enter a valid UPI ID (e.g. name@okhdfcbank)',
  nameMismatch:
    'The account holder name must match the name on your verified identity. Add an account in your own name.',
  tooMany: `You can keep at most ${MAX_BANK_ACCOUNTS} bank accounts. Remove one first.`,
  duplicate: 'This bank account is already added',
  duplicateElsewhere:
    'This bank account is already registered to another exchange account. If it is yours, contact support.',
  upiDuplicate:
    'This UPI ID is already registered to an exchange account. If it is yours, contact support.',
  notValidated:
    'The bank has not validated this account yet: upload the bank’s validation result (penny drop) first',
  bankSaysInvalid: 'The bank says this account is not active: reject it',
  bankNameMismatch:
    'The holder name the bank returned does not match the name on the identity: reject it',
  utrInvalid: 'Enter the 12-digit UTR (UPI or IMPS reference number) from your bank',
  utrClaimed: 'This UTR has already been submitted',
  // A claim's refusal kept on the deposit and shown to its owner, worded in their language.
  thirdPartyDeposit:
    'The money came from an account that is not your verified bank account: it will be refunded to the sender',
  noVerifiedAccount: 'Add a bank account and wait for its verification first',
  accountNotVerified: 'Choose one of your verified bank accounts',
  withdrawMinimum: 'The smallest rupee withdrawal is ₹100',
  returnReference:
    'Enter the return reference from the bank’s failure report (12 to 22 letters or digits)',
} as const;
const M = RUPEE_MESSAGES;

/** IFSC (RBI): 4 letters for the bank, a 0, then 6 letters or digits for the branch. */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers run from 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** A UPI virtual payment address: handle@provider. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9.\-_]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** UPI and IMPS transactions carry a 12-digit UTR (the RRN). */
export const UTR_PATTERN = /^\d{12}$/;

const text = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const bankAccountRequestSchema = z
  .object({
    holder_name: text(M.holderRequired)
      .max(100, { error: M.holderInvalid })
      .regex(/^[A-Za-z][A-Za-z .]*$/, { error: M.holderInvalid }),
    account_number: z
      .string({ error: M.accountInvalid })
      .trim()
      .regex(ACCOUNT_NUMBER_PATTERN, { error: M.accountInvalid }),
    confirm_account_number: z.string({ error: M.accountsDiffer }).trim(),
    ifsc: z
      .string({ error: M.ifscInvalid })
      .trim()
      .transform((s) => s.toUpperCase())
      .pipe(z.string().regex(IFSC_PATTERN, { error: M.ifscInvalid })),
    upi_id: z
      .string()
      .trim()
      .transform((s) => (s === '' ? undefined : s.toLowerCase()))
      .pipe(z.string().regex(UPI_ID_PATTERN, { error: M.upiInvalid }).optional())
      .optional(),
  })
  .refine((b) => b.account_number === b.confirm_account_number, {
    error: M.accountsDiffer,
    path: ['confirm_account_number'],
  });
export type BankAccountRequest = z.input<typeof bankAccountRequestSchema>;

export const bankAccountSchema = z.object({
  _id: z.string(),
  holder_name: z.string(),
  account_number: z.string().describe('Masked to its last four digits, except for admins'),
  ifsc: z.string(),
  bank: z.string().describe('The bank, from the IFSC’s first four letters'),
  upi_id: z.string().nullable(),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  reason: z.string().nullable().describe('Why an admin rejected it'),
  created_at: z.string(),
  verified_at: z.string().nullable(),
  bank_name: z
    .string()
    .nullable()
    .describe('The holder name the bank returned (penny drop); shown once verified'),
  upi_verified: z
    .boolean()
    .describe('The UPI ID’s holder name was looked up with its PSP; until then it decides nothing'),
  payouts_from: z
    .string()
    .nullable()
    .describe(
      'When rupee withdrawals to it open: SECURITY_HOLD_HOURS after its verification (null unless verified)',
    ),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const adminBankAccountSchema = bankAccountSchema.extend({
  user: z.object({ _id: z.string(), email: z.string() }),
  identity_name: z.string().describe('The name on the approved identity'),
  name_match: z
    .string()
    .describe(
      'How the name the bank returned matches the identity name (exact, fuzzy, none); unvalidated before the bank answered',
    ),
  proof_file_id: z.string().nullable(),
  validation_status: z.enum(BANK_VALIDATION_STATUSES).nullable(),
  validation_ref: z.string().nullable(),
  validated_at: z.string().nullable(),
  upi_name: z.string().nullable().describe('The holder name the PSP returned for the UPI ID'),
});
export type AdminBankAccount = z.infer<typeof adminBankAccountSchema>;

export const adminBankAccountQuerySchema = pageQuerySchema.extend({
  status: z.enum(BANK_ACCOUNT_STATUSES).default('pending'),
});

export const verifyBankAccountSchema = z.preprocess(
  (body) => body ?? {},
  z.object({
    proof_file_id: z
      .uuid({ error: 'Unknown file' })
      .optional()
      .describe('An image the admin uploaded (POST /files/upload/multiple): a cheque or statement'),
  }),
);
export type VerifyBankAccount = z.infer<typeof verifyBankAccountSchema>;

/** Where and how a user pays rupees in. */
export const inrDepositInstructionsSchema = z.object({
  payee_name: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  ifsc: z.string(),
  vpa: z.string().describe('The exchange’s UPI ID'),
  reference: z.string().describe('The user’s own reference: put it in the payment’s note'),
});
export type InrDepositInstructions = z.infer<typeof inrDepositInstructionsSchema>;

/** The `upi://pay` link of NPCI's UPI linking specification, for a QR or a phone's UPI app. */
export function upiPayUri(
  i: { vpa: string; payee_name: string; reference: string },
  amount?: string,
) {
  const fields: [string, string][] = [
    ['pa', i.vpa],
    ['pn', i.payee_name],
    ...(amount ? [['am', amount] as [string, string]] : []),
    ['cu', 'INR'],
    ['tn', i.reference],
  ];
  return `upi://pay?${fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/** A claim's UTR, normalised as statements' are (`normaliseUtr`): the 12-digit UPI/IMPS UTR. */
export const utrSchema = z
  .string({ error: M.utrInvalid })
  .trim()
  .transform((s) => normaliseUtr(s) ?? s)
  .pipe(z.string().regex(UTR_PATTERN, { error: M.utrInvalid }));

export const inrDepositClaimSchema = z.object({
  utr: utrSchema,
  amount: amountSchema().describe('Rupees, at most 2 decimal places'),
  bank_account_id: z.uuid({ error: M.accountNotVerified }),
});
export type InrDepositClaim = z.infer<typeof inrDepositClaimSchema>;

/** Banks by the first four letters of their IFSC (the common ones; others show the code). */
const BANKS: Record<string, string> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  UBIN: 'Union Bank of India',
  IDFB: 'IDFC FIRST Bank',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
  FDRL: 'Federal Bank',
  ESFB: 'Equitas Small Finance Bank',
};
export const bankOfIfsc = (ifsc: string) => BANKS[ifsc.slice(0, 4)] ?? ifsc.slice(0, 4);
/** An account number as shown outside the console: its last four digits. */
export const maskAccountNumber = (n: string) => `XXXX${n.slice(-4)}`;

/** The smallest rupee withdrawal (review I4-5): smaller ones would only spam the payout queue. */
export const INR_WITHDRAW_MIN = 100;

/** A decimal amount (already checked by amountSchema) of at least `min` whole units, no float. */
const atLeast = (value: string | number, min: number) => {
  const whole = String(value).trim().split('.')[0] ?? '';
  return /^\d+$/.test(whole) && BigInt(whole) >= BigInt(min);
};

export const inrWithdrawRequestSchema = adminStepUpSchema.extend({
  bank_account_id: z.uuid({ error: RUPEE_MESSAGES.accountNotVerified }),
  amount: amountSchema()
    .refine((v) => atLeast(v, INR_WITHDRAW_MIN), { error: RUPEE_MESSAGES.withdrawMinimum })
    .describe(`Rupees, at most 2 decimal places, at least ${INR_WITHDRAW_MIN}`),
});
export type InrWithdrawRequest = z.infer<typeof inrWithdrawRequestSchema>;

export const bankPaidSchema = z.object({
  utr: z
    .string({ error: 'Enter the UTR of the payout' })
    .trim()
    .regex(/^[A-Za-z0-9]{12,22}$/, {
      error: 'Enter the UTR of the payout (12 to 22 letters or digits)',
    }),
});

/** The bank's failure report of a sent payout: its return reference (UTR), recorded by two admins. */
export const bankReturnSchema = z.object({
  reference: z
    .string({ error: RUPEE_MESSAGES.returnReference })
    .trim()
    .regex(/^[A-Za-z0-9]{12,22}$/, { error: RUPEE_MESSAGES.returnReference }),
});

/** One export of the payout file: its rows were sent to the bank. */
export const payoutBatchSchema = z.object({
  _id: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  rows: z.number().int().describe('Withdrawals the export sent'),
  open: z
    .number()
    .int()
    .describe('Of them, still waiting for the bank (neither paid nor rejected)'),
  resend_requested_by: z
    .string()
    .nullable()
    .describe('An admin asked to send the batch again: a different admin downloads it'),
  resent_at: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** The bulk payout file's columns (IMPS up to ₹5 lakh, NEFT above), one payout a row. */
export const PAYOUT_FILE_COLUMNS = [
  'payment_type',
  'beneficiary_name',
  'account_number',
  'ifsc',
  'amount',
  'reference',
  'email',
] as const;
