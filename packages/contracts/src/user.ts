import { z } from 'zod';
import { LANGUAGES } from './language.js';
import { NUMBER_GROUPINGS } from './number-grouping.js';

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** `none` until the user files an identity request. */
export const VERIFICATION_REQUEST_STATUSES = [
  'none',
  'pending_identity',
  'approved',
  'rejected',
] as const;
export type VerificationRequestStatus = (typeof VERIFICATION_REQUEST_STATUSES)[number];

export const userProfileSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_verified: z.boolean().describe('The email address is verified'),
  verification_request_status: z.enum(VERIFICATION_REQUEST_STATUSES),
  verification_rejection_reason: z
    .string()
    .nullable()
    .describe('Why the latest identity request was rejected; null unless rejected'),
  role: z.enum(USER_ROLES),
  two_factor_enabled: z
    .boolean()
    .describe(
      "The authenticator app is on: withdrawals, security changes and an admin's money decisions need its code",
    ),
  has_passkeys: z
    .boolean()
    .describe(
      "Passkeys registered: without the app, withdrawals and an admin's money decisions need a passkey step-up",
    ),
  withdrawals_held_until: z
    .string()
    .nullable()
    .describe(
      'Withdrawals and withdraw-permission API keys wait until then after a security change (a second factor added or changed, a password reset, an unlock); null: no hold',
    ),
  anti_phishing_code: z
    .string()
    .nullable()
    .describe('Shown at the top of every mail the exchange sends; null: none set'),
  created_at: z.string(),
  language: z
    .enum(LANGUAGES)
    .nullable()
    .describe(
      "The language the user chose for the app and their mails; null: not chosen (the browser's, Accept-Language)",
    ),
  number_grouping: z
    .enum(NUMBER_GROUPINGS)
    .nullable()
    .describe(
      "How the user's amounts and prices group digits: indian 1,00,000 or international 100,000 (rupees are always Indian); null: not chosen (the browser's default)",
    ),
});

export type UserProfile = z.infer<typeof userProfileSchema>;
