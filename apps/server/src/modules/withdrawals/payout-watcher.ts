import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { settlePayout, type SettlePayoutInput } from './commands.js';

/**
 * Follows every hot-wallet payout on its way (they are kept with their signed transaction, so a
 * restart resumes here): one the chain has not seen is sent again; one confirmed with the
 * network's confirmations is approved; one that reverted, or whose nonce another transaction
 * took, is refunded and rejected with the reason the user sees. Node failures wait for the next
 * round.
 */
export async function recheckPayouts(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const w of [...ctx.core.state.pendingWithdrawals.values()]) {
    const payout = w.payout;
    const wallet = ctx.payouts.wallet(w.network);
    if (!payout || !w.txHash) continue;
    if (!wallet) {
      log.error({ withdrawal: w.id }, 'payout on its way but its network has no hot wallet now');
      continue;
    }
    try {
      const confirmations = ctx.config.chains[w.network].confirmations;
      const state = await wallet.state(w.txHash, payout.nonce, confirmations);
      let outcome: SettlePayoutInput['outcome'] | null = null;
      if (state === 'unseen') await wallet.send(payout.rawTx);
      else if (state === 'confirmed') outcome = { confirmed: true };
      else if (state === 'reverted') outcome = { confirmed: false, reason: M.payoutFailed };
      else if (state === 'replaced') outcome = { confirmed: false, reason: M.payoutReplaced };
      if (outcome) await ctx.core.sequencer.submit(settlePayout({ id: w.id, outcome }));
    } catch (err) {
      log.warn({ err, withdrawal: w.id }, 'payout check not done; next round');
    }
  }
}

/** Runs the payout check on a timer, once at start; returns the function that stops it. */
export function startPayoutWatcher(ctx: AppContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    recheckPayouts(ctx, log)
      .catch((err: unknown) => log.error({ err }, 'payout check failed'))
      .finally(() => (running = false));
  };
  run();
  const timer = setInterval(run, ctx.config.payoutRecheckMs);
  timer.unref();
  return () => clearInterval(timer);
}
