import { z } from 'zod';
import { adminStepUpSchema } from './admin.js';
import { BANK_VALIDATION_STATUSES } from './rupee.js';

/**
 * The bank's validation results (penny drop, and the PSP's name lookup of UPI IDs), one a row,
 * as an admin uploads them or an integration posts them. Modelled on RazorpayX's fund account
 * validation (`fund_account.bank_account.account_number`, `.ifsc`, `fund_account.vpa.address`,
 * `results.registered_name`, `results.account_status`, and the validation's id or the penny's
 * UTR as `reference`) and on banks' bulk beneficiary validation files. A row names an account
 * (`account_number` and `ifsc`) or a UPI ID (`vpa`), not both.
 */
export const BANK_VALIDATION_COLUMNS = [
  'account_number',
  'ifsc',
  'vpa',
  'registered_name',
  'account_status',
  'reference',
] as const;

/** What a validation row did: see bank-accounts/validation.ts. */
export const BANK_VALIDATION_OUTCOMES = [
  'validated',
  'invalid',
  'failed',
  'vpa_verified',
  'vpa_refused',
  'unknown',
] as const;
export type BankValidationOutcome = (typeof BANK_VALIDATION_OUTCOMES)[number];

export const bankValidationUploadSchema = adminStepUpSchema.extend({
  file_name: z.string().trim().min(1).max(200),
  content: z
    .string()
    .min(1, { error: 'The validation file is empty' })
    .max(2 * 1024 * 1024, { error: 'The validation file is larger than 2 MB: upload it in parts' }),
});
export type BankValidationUpload = z.infer<typeof bankValidationUploadSchema>;

export const bankValidationRowSchema = z.object({
  line_no: z.number().int(),
  account_number: z.string().nullable(),
  ifsc: z.string().nullable(),
  vpa: z.string().nullable(),
  registered_name: z.string(),
  account_status: z.enum(BANK_VALIDATION_STATUSES),
  reference: z.string(),
  outcome: z.enum(BANK_VALIDATION_OUTCOMES),
  account_id: z.string().nullable(),
  email: z.string().nullable(),
  name_match: z
    .string()
    .nullable()
    .describe('The returned name against the identity name: exact, fuzzy or none'),
});
export type BankValidationRow = z.infer<typeof bankValidationRowSchema>;

export const bankValidationResultSchema = z.object({
  file_name: z.string(),
  rows: z.array(bankValidationRowSchema),
  counts: z.record(z.string(), z.number().int()).describe('Rows by outcome'),
});
export type BankValidationResult = z.infer<typeof bankValidationResultSchema>;
