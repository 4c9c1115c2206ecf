import { z } from 'zod';
import { pageNumberSchema } from './envelope.js';

/**
 * How a login attempt ended. `unknown_email` is kept for the record only: it belongs to no
 * account, so no user's history shows it, and the caller was answered exactly as for a wrong
 * password.
 */
export const LOGIN_OUTCOMES = [
  'success',
  'wrong_password',
  'unknown_email',
  'email_not_verified',
  'account_locked',
  'second_factor_failed',
  'too_many_attempts',
] as const;
export type LoginOutcome = (typeof LOGIN_OUTCOMES)[number];

/** What the Security page shows for each outcome. */
export const LOGIN_OUTCOME_TEXT: Record<LoginOutcome, string> = {
  success: 'Signed in',
  wrong_password: 'Wrong password',
  unknown_email: 'Unknown email',
  email_not_verified: 'Email not verified',
  account_locked: 'Account locked',
  second_factor_failed: 'Second factor failed',
  too_many_attempts: 'Too many attempts',
};

export const activeSessionSchema = z.object({
  _id: z.string(),
  device: z.string().describe('Browser and system, from the user agent'),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().describe('Within a minute of the latest request'),
  current: z.boolean().describe('The session of this request'),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const loginRecordSchema = z.object({
  _id: z.string(),
  created_at: z.string(),
  ip: z.string().nullable(),
  device: z.string(),
  outcome: z.enum(LOGIN_OUTCOMES),
  success: z.boolean(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;

export const loginHistoryQuerySchema = z.object({
  page: pageNumberSchema,
  page_size: z.coerce.number().int().min(1).max(100).default(10),
});
export type LoginHistoryQuery = z.infer<typeof loginHistoryQuerySchema>;

/** `/auth/sessions/:id`: any other id is no session of the caller. */
export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown session' }) });

export const loggedOutSessionsSchema = z.object({
  ended: z.number().int().describe('How many sessions were ended'),
});
