import { z } from 'zod';
import { adminStepUpSchema } from './admin.js';
import { pageQuerySchema } from './wallets.js';

/**
 * A statement's credit line: credited (or waiting for a second admin), the amount not the claim's,
 * to be refunded (not from the claimant's verified account), nobody's claim yet, refunded, a
 * line an earlier statement already held, or a line that could not be read (no UTR, no amount, an
 * amount above the cap): kept with its text for an admin, never credited.
 */
export const BANK_CREDIT_STATUSES = [
  'credited',
  'awaiting_approval',
  'amount_mismatch',
  'refund_due',
  'unclaimed',
  'refunded',
  'duplicate',
  'unreadable',
] as const;
export type BankCreditStatus = (typeof BANK_CREDIT_STATUSES)[number];

/**
 * The statement layouts the reconciliation reads. `standard`: this exchange's own CSV, one credit a
 * row, header `value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration`.
 * `hdfc`: HDFC Bank NetBanking's delimited statement export (`Date,Narration,Chq./Ref.No.,Value Dt,
 * Withdrawal Amt.,Deposit Amt.,Closing Balance`), whose narration carries the remitter.
 */
export const STATEMENT_LAYOUTS = ['standard', 'hdfc'] as const;
export type StatementLayout = (typeof STATEMENT_LAYOUTS)[number];
/** The largest statement accepted in one upload. */
export const MAX_STATEMENT_BYTES = 2 * 1024 * 1024;

export const statementUploadSchema = adminStepUpSchema.extend({
  file_name: z.string().trim().min(1).max(200),
  layout: z.enum(STATEMENT_LAYOUTS, { error: 'Choose the statement’s layout' }),
  content: z
    .string()
    .min(1, { error: 'The statement is empty' })
    .max(MAX_STATEMENT_BYTES, { error: 'The statement is larger than 2 MB: upload it in parts' }),
});
export type StatementUpload = z.infer<typeof statementUploadSchema>;

export const bankCreditSchema = z.object({
  _id: z.string(),
  statement_id: z.string(),
  line_no: z.number().int(),
  value_date: z.string(),
  utr: z.string().nullable().describe('null: an unreadable line without one'),
  amount: z.string().nullable().describe('null: an unreadable line without a usable amount'),
  remitter_name: z.string(),
  remitter_account: z.string().nullable(),
  remitter_ifsc: z.string().nullable(),
  remitter_vpa: z.string().nullable(),
  narration: z.string(),
  status: z.enum(BANK_CREDIT_STATUSES),
  user: z.object({ _id: z.string(), email: z.string() }).nullable(),
  deposit_id: z.string().nullable(),
  note: z.string().nullable(),
  refund_utr: z.string().nullable(),
  raw: z.string().nullable().describe('The line as the file has it (kept for unreadable lines)'),
});
export type BankCredit = z.infer<typeof bankCreditSchema>;

export const bankStatementSchema = z.object({
  _id: z.string(),
  file_name: z.string(),
  layout: z.enum(STATEMENT_LAYOUTS),
  uploaded_at: z.string(),
  admin: z.object({ _id: z.string(), email: z.string() }),
  credits: z.number().int(),
  counts: z.record(z.string(), z.number().int()).describe('Credit lines by status'),
});
export type BankStatement = z.infer<typeof bankStatementSchema>;

export const bankStatementResultSchema = bankStatementSchema.extend({
  lines: z.array(bankCreditSchema),
});
export type BankStatementResult = z.infer<typeof bankStatementResultSchema>;

export const bankCreditQuerySchema = pageQuerySchema.extend({
  status: z.enum(BANK_CREDIT_STATUSES).default('unclaimed'),
});

export const assignCreditSchema = adminStepUpSchema.extend({
  email: z.email({ error: 'Enter the user’s email' }),
});
export type AssignCredit = z.infer<typeof assignCreditSchema>;

export const refundCreditSchema = z.object({
  refund_utr: z
    .string({ error: 'Enter the UTR of the refund' })
    .trim()
    .regex(/^[A-Za-z0-9]{12,22}$/, {
      error: 'Enter the UTR of the refund (12 to 22 letters or digits)',
    }),
});
