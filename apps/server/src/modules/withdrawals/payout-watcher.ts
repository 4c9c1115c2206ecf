import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { questionPayout, settlePayout, type SettlePayoutInput } from './commands.js';
import { payAwaitingSignature } from './hot-wallet-payout.js';

/**
 * Asks the signer again for each withdrawal awaiting its signature (the process stopped between
 * the last approval and the signature's record, or the signer refused or was out of reach then):
 * the signer hands back the transfer it signed already, or signs it now if its policy allows.
 */
async function resumeSignatures(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  for (const w of [...ctx.core.state.pendingWithdrawals.values()]) {
    if (w.status !== 'awaiting_signature') continue;
    try {
      await ctx.payouts.exclusive(w.network, async () => {
        // Paid meanwhile by the approval's own call (which runs in the same turns): nothing to ask.
        const still = ctx.core.state.pendingWithdrawals.get(w.id);
        if (still?.status === 'awaiting_signature') await payAwaitingSignature(ctx, log, still);
      });
    } catch (err) {
      log.warn({ err, withdrawal: w.id }, 'withdrawal still awaits its signature; next round');
    }
  }
}

/**
 * Follows every hot-wallet payout on its way (they are kept with their signed transaction, so a
 * restart resumes here): one the chain has not seen is sent again; one confirmed with the
 * network's confirmations is approved; one that reverted is refunded and rejected with the
 * reason the user sees; one whose nonce looks taken by another transaction is put in question for
 * an admin (questionPayout), and still watched: it may yet confirm. Node failures wait for the
 * next round.
 */
export async function recheckPayouts(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await resumeSignatures(ctx, log);
  for (const w of [...ctx.core.state.pendingWithdrawals.values()]) {
    const payout = w.payout;
    const wallet = ctx.payouts.wallet(w.network);
    if (!payout || !w.txHash || w.network === 'bank') continue;
    if (!wallet) {
      log.error({ withdrawal: w.id }, 'payout on its way but its network has no hot wallet now');
      continue;
    }
    try {
      const network = w.network;
      const confirmations = ctx.config.chains[network].confirmations;
      const state = await wallet.state(w.txHash, payout.nonce, confirmations);
      let outcome: SettlePayoutInput['outcome'] | null = null;
      if (state === 'unseen') await wallet.send(payout.rawTx);
      else if (state === 'confirmed') outcome = { confirmed: true };
      else if (state === 'reverted') outcome = { confirmed: false, reason: M.payoutFailed };
      else if (state === 'replaced' && !payout.questionedAt) {
        // Not refunded on one node's word (review N-L3): an admin decides.
        log.error(
          { withdrawal: w.id, txHash: w.txHash },
          'payout nonce taken: an admin must check',
        );
        await ctx.core.sequencer.submit(questionPayout(w.id));
      }
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
