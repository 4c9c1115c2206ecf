import { z } from 'zod';

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
  created_at: z.string(),
});

export type UserProfile = z.infer<typeof userProfileSchema>;
