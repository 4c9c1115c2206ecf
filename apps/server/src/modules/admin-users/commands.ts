import { ADMIN_USER_MESSAGES as M } from '@exchange/contracts';
import type { Command } from '../../core/sequencer.js';
import { AppError } from '../../lib/app-error.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { cancelUserOrders } from '../orders/cancelling.js';

export interface AccountLockInput {
  admin: AdminActor;
  userId: string;
  /** Why; kept on the account (while locked) and in the audit trail. */
  reason: string;
}

/**
 * Locks an account inside the single writer, so every order, transfer or withdrawal of the user
 * sequenced after it is refused, and none slips between a check and its command. Its open orders
 * are cancelled (resting orders would go on trading) and their holds return.
 */
export const lockAccount =
  ({ admin, userId, reason }: AccountLockInput): Command<{ cancelledOrders: number }> =>
  (state, work) => {
    if (state.lockedUsers.has(userId)) throw new AppError('CONFLICT', M.alreadyLocked);
    const lock = { lockedAt: work.now, reason };
    work.setEntry(state.lockedUsers, userId, lock);
    work.saveAccountLock(userId, lock);
    const cancelledOrders = cancelUserOrders(state, work, userId);
    work.recordAdminAction({
      ...admin,
      action: 'user.locked',
      targetType: 'user',
      targetId: userId,
      userId,
      before: { locked: false },
      after: { locked: true, reason, cancelled_orders: cancelledOrders },
    });
    return { cancelledOrders };
  };

/** Unlocks an account: it may sign in, trade and withdraw again. */
export const unlockAccount =
  ({ admin, userId, reason }: AccountLockInput): Command<void> =>
  (state, work) => {
    const lock = state.lockedUsers.get(userId);
    if (!lock) throw new AppError('CONFLICT', M.notLocked);
    work.deleteEntry(state.lockedUsers, userId);
    work.saveAccountLock(userId, { lockedAt: null, reason: null });
    work.recordAdminAction({
      ...admin,
      action: 'user.unlocked',
      targetType: 'user',
      targetId: userId,
      userId,
      before: { locked: true, reason: lock.reason },
      after: { locked: false, reason },
    });
  };
