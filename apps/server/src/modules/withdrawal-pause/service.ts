import type { AppContext } from '../../context.js';
import { inTurn } from '../reviews/decide.js';
import { pauseOf } from './repository.js';
import { refusePaused, refusePausedApproval } from './rule.js';

/**
 * Refuses a withdrawal request (crypto on the web or Binance's `capital/withdraw/apply`, rupees)
 * of an account whose withdrawals an admin paused (modules/aml's case page). Each request calls it
 * inside its user's withdrawal turn (`inWithdrawalTurns`).
 */
export async function refusePausedWithdrawals(ctx: AppContext, userId: string): Promise<void> {
  refusePaused(await pauseOf(ctx.db, userId));
}

/** Refuses an admin's approval of a withdrawal of a paused account (`refusePausedApproval`). */
export async function refusePausedApprovals(ctx: AppContext, userId: string): Promise<void> {
  refusePausedApproval(await pauseOf(ctx.db, userId));
}

/**
 * Runs `task` (a pause's write) inside both of the user's withdrawal turns: the crypto one
 * (`withdrawals/service.ts` withdraw) and the rupee one (`bank-transfers/withdraw-service.ts`).
 * A request that took its turn first has its command committed before the pause is written; one
 * that comes after reads the pause. So once the pause is acknowledged, no request passes.
 */
export function inWithdrawalTurns<T>(userId: string, task: () => Promise<T>): Promise<T> {
  return inTurn(`withdraw:${userId}`, () => inTurn(`inr-withdraw:${userId}`, task));
}

export { deletePause, insertPause, pausedAmong, pauseOf } from './repository.js';
