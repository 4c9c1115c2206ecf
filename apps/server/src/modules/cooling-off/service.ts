import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { extendWithdrawalHold, withdrawalHoldOf } from './repository.js';

/**
 * The cooling-off period after a security change (review N-H1): a second factor added, changed or
 * removed, a password reset, an unlock. For `SECURITY_HOLD_HOURS` (24 h by default) the account's
 * withdrawals are refused, whether asked in a session or with an API key, and no key with the
 * withdraw permission is made, so that whoever made the change (perhaps with a stolen session or
 * a reset mailbox) cannot take the money before the owner hears of it. Answers when it ends.
 * `db` may be the transaction that makes the change.
 */
export function startCoolingOff(ctx: AppContext, userId: string, db: Db = ctx.db): Promise<Date> {
  const until = new Date(ctx.now().getTime() + ctx.config.securityHoldMs);
  return extendWithdrawalHold(db, userId, until);
}

/** When the user's cooling-off period ends; null when none runs. */
export const withdrawalsHeldUntil = (ctx: AppContext, userId: string) =>
  withdrawalHoldOf(ctx.db, userId, ctx.now());

/** Refuses a withdrawal (or a withdraw-permission key) while the cooling-off period runs. */
export async function refuseWhileHeld(ctx: AppContext, userId: string): Promise<void> {
  const until = await withdrawalsHeldUntil(ctx, userId);
  if (until)
    throw new AppError('WITHDRAWALS_HELD', said('withdrawalsHeld', until), {
      held_until: until.toISOString(),
    });
}

/** What other modules use of this module's tables; the queries are in repository.ts. */
export { withdrawalHoldOf } from './repository.js';
