import { z } from 'zod';
import { pageQuerySchema } from './wallets.js';

/**
 * Every kind of admin action the audit trail records, as `<target>.<what happened>`. The audit
 * log's action filter offers these; a new admin action adds its name here.
 */
export const ADMIN_ACTIONS = [
  'deposit.approval_added',
  'deposit.confirmed',
  'deposit.rejected',
  'withdrawal.approval_added',
  'withdrawal.approval_withdrawn',
  'withdrawal.payout_sent',
  'withdrawal.payout_confirmed',
  'withdrawal.payout_failed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'kyc.approved',
  'kyc.rejected',
  'file.viewed',
  'user.locked',
  'user.unlocked',
  'token.listed',
  'pair.listed',
  'pair.halted',
  'pair.resumed',
  'pair.fees_changed',
  'token.withdrawal_fee_set',
  'ledger.audited',
  'reserves.published',
  'tax.usdt_inr_rate_set',
  'tax.form_26qf_exported',
  'bank_account.validated',
  'bank_account.verified',
  'bank_account.rejected',
  'bank_statement.uploaded',
  'bank_credit.assigned',
  'bank_credit.refunded',
  'withdrawal.payout_file',
  'withdrawal.payout_returned',
  'withdrawal.payout_resend_requested',
  'withdrawal.payout_resent',
  'tax.usdt_inr_rate_proposed',
  'tax.usdt_inr_rate_approved',
  'tax.usdt_inr_rate_declined',
  'aml_case.assigned',
  'aml_case.noted',
  'aml_case.escalated',
  'aml_case.close_approved',
  'aml_case.closed',
  'aml_case.str_filed',
  'user.withdrawals_paused',
  'user.withdrawals_resumed',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];

/** What an admin action was done to. */
export const ADMIN_TARGET_TYPES = [
  'deposit',
  'withdrawal',
  'kyc',
  'file',
  'user',
  'token',
  'pair',
  'ledger',
  'reserves',
  'tax',
  'bank_account',
  'bank_statement',
  'bank_credit',
  'aml_case',
] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

const uuid = z.uuid({ error: 'Enter a valid id' });

/** GET /admin/audit-log: filter by admin, action and the user acted on; paged. */
export const auditLogQuerySchema = pageQuerySchema.extend({
  admin_id: uuid.optional(),
  action: z.enum(ADMIN_ACTIONS, { error: 'Unknown action' }).optional(),
  user_id: uuid.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** The CSV export takes the same filters, without paging: it streams every matching entry. */
export const auditLogExportQuerySchema = auditLogQuerySchema.omit({ page: true, page_size: true });
export type AuditLogExportQuery = z.infer<typeof auditLogExportQuerySchema>;

const jsonObject = z.record(z.string(), z.unknown()).nullable();

/** One entry of the audit trail: who, when, from which address, what, on whom, before and after. */
export const auditLogEntrySchema = z.object({
  _id: z.string(),
  created_at: z.string().describe('ISO 8601'),
  admin: z.object({ _id: z.string(), email: z.string() }),
  ip: z
    .string()
    .nullable()
    .describe('The client address of the request; null for entries older than the field'),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  user: z.object({ _id: z.string(), email: z.string() }).nullable(),
  before: jsonObject,
  after: jsonObject,
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/** The CSV export's columns, in order. */
export const AUDIT_LOG_CSV_COLUMNS = [
  'time',
  'admin',
  'ip',
  'action',
  'target_type',
  'target_id',
  'user',
  'before',
  'after',
] as const;

/** The ledger audit's verdict and its totals per asset (amounts as decimal strings). */
export const ledgerAuditSchema = z.object({
  ok: z.boolean(),
  violations: z.array(z.string()),
  totals: z.array(
    z.object({
      token: z.string(),
      users: z.string().describe('What users hold, available plus locked'),
      fees: z.string().describe('Collected fees'),
      tds: z.string().describe('TDS deducted from fills, held for the government'),
      gst: z.string().describe('GST included in fees, payable to the government'),
      rounding: z
        .string()
        .describe('Rupee remainders below the paisa, moved out of balances made before the rule'),
      deposited: z.string(),
      withdrawn: z.string(),
      in_withdrawal: z.string().describe('Held by pending withdrawals (part of users)'),
    }),
  ),
});
export type LedgerAuditResult = z.infer<typeof ledgerAuditSchema>;

/** A run of the ledger audit that an admin started: when, by whom, and what it found. */
export const ledgerAuditRunSchema = ledgerAuditSchema.extend({
  _id: z.string(),
  created_at: z.string(),
  admin: z.object({ _id: z.string(), email: z.string() }),
});
export type LedgerAuditRun = z.infer<typeof ledgerAuditRunSchema>;
