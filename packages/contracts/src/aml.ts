import { z } from 'zod';
import { pageQuerySchema } from './wallets.js';

/** Anti-money-laundering cases (issue 52): what the admin console and the withdraw dialogs say. */
export const AML_MESSAGES = {
  withdrawalsPaused: 'Withdrawals are paused on your account while we review it. Contact support.',
  approvalPaused:
    "This account's withdrawals are paused (an AML case): reject the withdrawal or lift the pause first",
  reasonRequired: 'Enter a reason',
  reasonTooLong: 'Keep the reason under 1000 characters',
  noteRequired: 'Enter a note',
  caseClosed: 'This case is closed',
  alreadyEscalated: 'This case is already escalated',
  ownCase: 'You cannot decide a case about your own account',
  secondAdminToClose: 'A second admin must confirm closing this high-risk case',
  alreadyFrozen: "This account's withdrawals are already paused",
  notFrozen: "This account's withdrawals are not paused",
  notInCase: 'This account is not part of the case',
  groundsRequired: 'Enter the grounds of suspicion',
  groundsTooLong: 'Keep it under 4000 characters',
  strIncomplete: 'The STR cannot be made: the reporting entity settings are incomplete',
} as const;
const M = AML_MESSAGES;

export const AML_CASE_STATUSES = ['open', 'escalated', 'closed'] as const;
export type AmlCaseStatus = (typeof AML_CASE_STATUSES)[number];
export const AML_RISKS = ['medium', 'high'] as const;

/** GET /admin/aml/cases: newest first, of one status if given (open and escalated by default). */
export const amlCaseQuerySchema = pageQuerySchema.extend({
  status: z.enum([...AML_CASE_STATUSES, 'live', 'all']).default('live'),
});

const reason = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(1000, { error: M.reasonTooLong });

/** A note, an escalation or a closing says why; the case and the audit log keep it. */
export const amlReasonSchema = z.object({ reason: reason(M.reasonRequired) });
export const amlNoteSchema = z.object({ note: reason(M.noteRequired) });
/** Filing an STR from a case: the officer's grounds of suspicion and what was looked into. */
export const amlStrSchema = z.object({
  grounds: z
    .string({ error: M.groundsRequired })
    .trim()
    .min(1, { error: M.groundsRequired })
    .max(4000, { error: M.groundsTooLong }),
  investigation: z.string().trim().max(4000, { error: M.groundsTooLong }).default(''),
});
export type AmlStrRequest = z.infer<typeof amlStrSchema>;

/** Pausing or resuming one account's withdrawals from a case. */
export const amlFreezeSchema = z.object({
  user_id: z.uuid({ error: M.notInCase }),
  reason: reason(M.reasonRequired),
});

const person = z.object({ _id: z.string(), email: z.string() });

export const amlCaseSchema = z.object({
  _id: z.string(),
  rule: z.string().describe('pass_through, structuring, shared_address, …'),
  risk: z.enum(AML_RISKS),
  subject: z.string().describe('The user id, address or device the case is about'),
  users: z.array(person),
  summary: z.string(),
  status: z.enum(AML_CASE_STATUSES),
  assignee: person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AmlCase = z.infer<typeof amlCaseSchema>;

export const AML_EVENT_KINDS = [
  'assigned',
  'note',
  'escalated',
  'close_approved',
  'closed',
  'frozen',
  'unfrozen',
  'str_filed',
] as const;

/** One case with its facts, its history, the STRs filed from it and each user's withdrawal pause. */
export const amlCaseDetailSchema = amlCaseSchema.extend({
  facts: z.record(z.string(), z.union([z.string(), z.number()])),
  events: z.array(
    z.object({
      kind: z.enum(AML_EVENT_KINDS),
      admin: person,
      text: z.string(),
      at: z.string(),
    }),
  ),
  close_approvals: z.array(z.object({ admin: person, reason: z.string(), at: z.string() })),
  frozen_user_ids: z.array(z.string()),
  reports: z.array(
    z.object({
      _id: z.string(),
      file_name: z.string(),
      sha256: z.string(),
      filed_by: person,
      filed_at: z.string(),
    }),
  ),
});
export type AmlCaseDetail = z.infer<typeof amlCaseDetailSchema>;

/** GET /withdrawal-pause: whether the signed-in user's withdrawals are paused (no reason given). */
export const withdrawalPauseSchema = z.object({ paused: z.boolean() });
export type WithdrawalPause = z.infer<typeof withdrawalPauseSchema>;
