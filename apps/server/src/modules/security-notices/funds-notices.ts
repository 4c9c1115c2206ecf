import type { AppContext } from '../../context.js';
import { formatAmount } from '../../core/money.js';
import type { WithdrawalRecord } from '../../core/records.js';
import { notifySecurityEvent } from './service.js';

/**
 * A withdrawal's amount, coin, network and address as a notice shows them; a rupee withdrawal's
 * address is the id of the user's bank account, so the notice names the rail instead.
 */
export function withdrawalFunds(ctx: AppContext, w: WithdrawalRecord) {
  const bank = w.network === 'bank';
  return {
    amount: formatAmount(w.amount),
    token: ctx.core.tokens.get(w.tokenId).shortName,
    network: bank ? 'bank transfer (IMPS/NEFT)' : w.network,
    address: bank ? 'your verified bank account' : w.address,
  };
}

/**
 * Mails the owner when the core has credited a deposit or closed a withdrawal, whatever decided
 * it (the chain watcher, an admin): the core tells after each durable batch.
 */
export function noticeFundsEvents(ctx: AppContext): void {
  ctx.core.state.funds = {
    depositCredited(d) {
      notifySecurityEvent(ctx, d.userId, {
        type: 'deposit_credited',
        amount: formatAmount(d.amount),
        token: ctx.core.tokens.get(d.tokenId).shortName,
        network: d.network,
        txHash: d.txHash,
      });
    },
    withdrawalClosed(w) {
      const funds = withdrawalFunds(ctx, w);
      notifySecurityEvent(
        ctx,
        w.userId,
        w.status === 'approved'
          ? { type: 'withdrawal_approved', ...funds, txHash: w.txHash }
          : { type: 'withdrawal_rejected', ...funds, reason: w.reason ?? '' },
      );
    },
  };
}
