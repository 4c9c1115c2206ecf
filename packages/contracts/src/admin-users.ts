import { z } from 'zod';
import { ORDER_LIST_STATUSES } from './order-constants.js';
import { USER_ROLES, VERIFICATION_REQUEST_STATUSES } from './user.js';
import { WALLET_TYPES } from './wallet-constants.js';
import { pageQuerySchema } from './wallets.js';

/** What a locked account hears when it signs in, orders, transfers or withdraws. */
export const ACCOUNT_LOCKED_MESSAGE = 'This account is locked. Please contact support.';

export const ADMIN_USER_MESSAGES = {
  reasonRequired: 'Enter a reason',
  reasonTooLong: 'Keep the reason under 500 characters',
  searchTooLong: 'Search for at most 100 characters',
  alreadyLocked: 'This account is already locked',
  notLocked: 'This account is not locked',
  ownAccount: 'You cannot lock your own account',
} as const;
const M = ADMIN_USER_MESSAGES;

/** GET /admin/users: search by email, name or phone (any part of them), paged. */
export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(100, { error: M.searchTooLong }).optional(),
  role: z.enum(USER_ROLES).optional().describe('Only accounts with this role'),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  _id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  is_verified: z.boolean().describe('The email was verified'),
  verification_request_status: z.enum(VERIFICATION_REQUEST_STATUSES),
  locked: z.boolean(),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One user's account as an admin sees it: the profile, its lock and every balance. */
export const adminUserDetailSchema = adminUserSchema.extend({
  locked_at: z.string().nullable(),
  lock_reason: z.string().nullable(),
  balances: z.array(
    z.object({
      token: z.object({ _id: z.string(), name: z.string(), symbol: z.string() }),
      wallet_type: z.enum(WALLET_TYPES),
      amount: z.string().describe('Available'),
      locked_balance: z.string().describe('Held by open orders or pending withdrawals'),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Locking or unlocking an account says why; the audit log keeps it. */
export const accountLockSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(500, { error: M.reasonTooLong }),
});
export type AccountLockRequest = z.infer<typeof accountLockSchema>;

/** A user's orders for an admin: open or closed (filled and cancelled), paged. */
export const adminUserOrdersQuerySchema = pageQuerySchema.extend({
  status: z.enum(ORDER_LIST_STATUSES).default('open'),
});

/** One posting of a user's ledger: which wallet and bucket moved, by how much, and why. */
export const ledgerEntrySchema = z.object({
  transaction_id: z.string(),
  kind: z.string().describe('deposit, withdrawal_hold, order, transfer, …'),
  reference: z.string().describe('The deposit, withdrawal or order it belongs to'),
  token: z.string().describe('Short name'),
  wallet_type: z.enum(WALLET_TYPES),
  bucket: z.enum(['available', 'locked']),
  amount: z.string().describe('Signed: negative leaves the bucket'),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
