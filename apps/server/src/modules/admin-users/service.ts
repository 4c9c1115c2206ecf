import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type LedgerEntry,
  type UserRole,
} from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { Page } from '../../db/paginate.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { revokeKeysOf } from '../api-key-store/service.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { revokeUserSessions } from '../sessions/service.js';
import { findUserById, searchUsers, type User } from '../users/service.js';
import { toBalanceDto } from '../wallets/dto.js';
import { userBalances, userLedgerPage } from '../wallets/service.js';
import { lockAccount, unlockAccount } from './commands.js';

/** An account as the admin console lists it. */
export function toAdminUserDto(user: User): AdminUser {
  return {
    _id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    role: user.role,
    is_verified: user.emailVerifiedAt !== null,
    verification_request_status: user.verificationStatus,
    locked: user.lockedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}

export async function findUsers(
  ctx: AppContext,
  filter: { q?: string | undefined; role?: UserRole | undefined },
  page: Page,
) {
  const { users, total } = await searchUsers(ctx.db, filter, page);
  return { data: users.map(toAdminUserDto), total };
}

async function existingUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  return user;
}

/** One account for an admin: profile, verification, lock, and every wallet balance it has. */
export async function userDetail(ctx: AppContext, userId: string): Promise<AdminUserDetail> {
  const user = await existingUser(ctx, userId);
  const balances = await userBalances(ctx.db, userId);
  return {
    ...toAdminUserDto(user),
    locked_at: user.lockedAt?.toISOString() ?? null,
    lock_reason: user.lockReason,
    balances: balances.flatMap((b) => {
      const token = ctx.core.tokens.find(b.tokenId);
      return token ? [toBalanceDto(token, b.walletType, b)] : [];
    }),
  };
}

/** A user's ledger postings for an admin, newest first. */
export async function userLedger(ctx: AppContext, userId: string, page: Page) {
  const { rows, total } = await userLedgerPage(ctx.db, userId, page);
  const data: LedgerEntry[] = rows.map((r) => ({
    transaction_id: r.transaction_id,
    kind: r.kind,
    reference: r.reference,
    token: ctx.core.tokens.find(r.token_id)?.shortName ?? r.token_id,
    wallet_type: r.wallet_type ?? 'spot',
    bucket: r.bucket,
    amount: formatAmount(BigInt(r.amount)),
    created_at: r.created_at.toISOString(),
  }));
  return { data, total };
}

/**
 * Locks an account: the writer refuses its orders, transfers and withdrawals from this command on
 * and cancels its open orders; then its sessions end (requests and sockets alike), its API keys
 * are revoked (their order-entry sockets close, in every process) and it cannot sign in. An admin
 * cannot lock their own account.
 */
export async function lockUser(ctx: AppContext, admin: AdminActor, userId: string, reason: string) {
  await existingUser(ctx, userId);
  if (userId === admin.adminId) throw new AppError('FORBIDDEN', ADMIN_USER_MESSAGES.ownAccount);
  await ctx.core.sequencer.submit(lockAccount({ admin, userId, reason }));
  await revokeUserSessions(ctx.db, userId, ctx.now());
  ctx.sessions.forgetUser(userId);
  ctx.sessionEnds.announce({ userId });
  await revokeKeysOf(ctx, userId);
  // The admin's reason stays with the staff (audit trail); the owner is told how to react.
  notifySecurityEvent(ctx, userId, { type: 'account_locked', until: null });
  return userDetail(ctx, userId);
}

export async function unlockUser(
  ctx: AppContext,
  admin: AdminActor,
  userId: string,
  reason: string,
) {
  await existingUser(ctx, userId);
  await ctx.core.sequencer.submit(unlockAccount({ admin, userId, reason }));
  // Whoever had the account before the lock may still hold its factors: the owner gets a day.
  await startCoolingOff(ctx, userId);
  return userDetail(ctx, userId);
}
