import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import type { DepositRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { claimDeposit, rejectDeposit, type DepositClaim } from '../deposits/commands.js';
import { claimExpired, mayClaimAnother, waitingClaimsOf } from './claim-rules.js';
import { heldByStatementLine } from './deposit-lines.js';

/**
 * A user's rupee claim, recorded pending unless they have `cap` claims waiting already (review 4,
 * N4-L7): counted inside the single writer, so claims sent at once cannot pass the cap together.
 */
export const claimRupees =
  (claim: DepositClaim, cap: number): Command<DepositRecord> =>
  (state, work) => {
    const waiting = waitingClaimsOf(state.pendingDeposits.values(), claim.userId);
    if (!mayClaimAnother(waiting, cap))
      throw new AppError('BAD_REQUEST', said('tooManyRupeeClaims', waiting));
    return claimDeposit(claim, false)(state, work);
  };

/**
 * Refuses the rupee claims no statement line matched within INR_CLAIM_EXPIRY_DAYS; the user may
 * claim the UTR again, and so may its real payer.
 */
export async function expireRupeeClaims(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const days = ctx.config.rupee.claimExpiryDays;
  const now = ctx.now();
  const old = [...ctx.core.state.pendingDeposits.values()].filter((d) =>
    claimExpired(d, now, days, false),
  );
  if (old.length === 0) return;
  const held = await heldByStatementLine(
    ctx.db,
    old.map((d) => d.id),
  );
  for (const d of old) {
    if (held.has(d.id)) continue;
    const reason = `No bank credit matched this claim within ${days} days: claim it again if you paid`;
    await ctx.core.sequencer
      .submit(rejectDeposit({ admin: null, id: d.id, reason }))
      .catch((err: unknown) => log.warn({ err, deposit: d.id }, 'rupee claim not expired'));
  }
}

/** Runs the expiry as often as the deposits' watcher asks the chains; returns what stops it. */
export function startRupeeClaimExpiry(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expireRupeeClaims(ctx, log)
      .catch((err: unknown) => log.error({ err }, 'rupee claim expiry failed'))
      .finally(() => (running = false));
  }, ctx.config.depositRecheckMs);
  timer.unref();
  return () => clearInterval(timer);
}
