import { type ChangePasswordRequest } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { NO_PASSWORD } from '../../lib/passwords.js';
import type { RequestOrigin } from '../../lib/request-origin.js';
import { startCoolingOff } from '../cooling-off/service.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { endOtherSessions } from '../sessions/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import { findUserById, updateUser } from '../users/service.js';
import { refuseCommonPassword } from './new-password.js';

/**
 * A new password while signed in: the current password first (a stolen session alone cannot
 * change it), then the second factor when the account has one. Every other session ends, the
 * cooling-off period starts (withdrawals wait), and the owner gets the "password changed" mail.
 */
export async function changePassword(
  ctx: AppContext,
  auth: { userId: string; sessionId: string },
  input: ChangePasswordRequest,
  from: RequestOrigin,
): Promise<void> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw new AppError('UNAUTHORIZED', 'Authentication required');
  refuseCommonPassword(input.password);
  const current =
    user.passwordHash !== NO_PASSWORD &&
    (await ctx.passwords.verify(input.current_password, user.passwordHash));
  if (!current) throw new AppError('BAD_REQUEST', said('wrongCurrentPassword'));
  if (input.current_password === input.password)
    throw new AppError('BAD_REQUEST', said('samePassword'));
  await requireSecondFactor(ctx, auth.userId, input);
  const passwordHash = await ctx.passwords.hash(input.password);
  const heldUntil = await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, auth.userId, { passwordHash }, ctx.now());
    return startCoolingOff(ctx, auth.userId, trx);
  });
  await endOtherSessions(ctx, auth.userId, auth.sessionId);
  notifySecurityEvent(ctx, auth.userId, { type: 'password_changed', heldUntil, kept: true }, from);
}
