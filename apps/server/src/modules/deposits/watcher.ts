import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import { confirmDeposit, rejectDeposit } from './commands.js';
import { askChain, keepMissingDepositAddresses } from './service.js';

/** A claim the chain has not confirmed within a day is refused; the user may submit it again. */
const EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Asks the chain again about every pending deposit on a network that has an RPC endpoint. */
export async function recheckPendingDeposits(
  ctx: AppContext,
  log: FastifyBaseLogger,
): Promise<void> {
  const { sequencer, state } = ctx.core;
  for (const d of [...state.pendingDeposits.values()]) {
    const network = d.network;
    // Rupee deposits are matched against the bank's statement, and expire, in bank-transfers.
    if (network === 'bank') continue;
    const rpc = await ctx.chains.reachable(network);
    if (!rpc) continue;
    const claim = { ...d, network, amount: formatAmount(d.amount) };
    const verdict = await askChain(ctx, rpc, d.userId, claim);
    const expired = ctx.now().getTime() - d.createdAt.getTime() > EXPIRY_MS;
    let command;
    if (verdict?.status === 'confirmed') {
      command = confirmDeposit({
        id: d.id,
        logIndex: verdict.logIndex,
        tokenId: verdict.tokenId,
      });
    } else if (verdict?.status === 'rejected') {
      command = rejectDeposit({ admin: null, id: d.id, reason: verdict.message });
    } else if (expired) {
      command = rejectDeposit({
        admin: null,
        id: d.id,
        reason: 'Not confirmed on chain within 24 hours',
      });
    } else {
      continue;
    }
    await sequencer
      .submit(command)
      .catch((err: unknown) => log.warn({ err, deposit: d.id }, 'deposit recheck not applied'));
  }
}

/**
 * Runs the recheck on a timer, after keeping any deposit address assigned before addresses were
 * kept; returns the function that stops it.
 */
export function startDepositWatcher(ctx: AppContext, log: FastifyBaseLogger): () => void {
  keepMissingDepositAddresses(ctx).catch((err: unknown) =>
    log.error({ err }, 'deposit addresses not kept'),
  );
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    recheckPendingDeposits(ctx, log)
      .catch((err: unknown) => log.error({ err }, 'deposit recheck failed'))
      .finally(() => (running = false));
  }, ctx.config.depositRecheckMs);
  timer.unref();
  return () => clearInterval(timer);
}
