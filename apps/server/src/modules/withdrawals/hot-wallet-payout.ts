import type { FastifyBaseLogger } from 'fastify';
import { HotWalletRefusal } from '../../chain/hot-wallet.js';
import type { AppContext } from '../../context.js';
import { LEDGER_DECIMALS } from '../../core/money.js';
import type { WithdrawalRecord } from '../../core/records.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { payoutAmount, recordPayout, reopenForApproval } from './commands.js';
import { SignerRefusal } from './signer/policy-signer.js';

/**
 * Pays a withdrawal awaiting its signature from the hot wallet: asks the signer for its transfer
 * (this withdrawal's address and amount: the signer checks both against the database), records
 * it through the single writer (so a restart finds it and sends the same transaction again),
 * then sends it. Run by the admin's last approval and, after a crash or a refusal, by the payout
 * watcher. The signer refusing leaves it awaiting (409); the chain refusing it takes the last
 * approval back (409); a signer or node out of reach leaves it awaiting (503).
 */
export async function payAwaitingSignature(
  ctx: AppContext,
  log: FastifyBaseLogger,
  pending: WithdrawalRecord,
): Promise<{ record: WithdrawalRecord; sent: boolean }> {
  const wallet = ctx.payouts.wallet(pending.network);
  const token = ctx.core.tokens.get(pending.tokenId);
  const onChain = token.networks.find((n) => n.network === pending.network);
  if (!wallet || !onChain)
    throw new AppError('CONFLICT', said('notOnNetworkAdmin', token.shortName, pending.network));
  const units = payoutAmount(pending) / 10n ** BigInt(LEDGER_DECIMALS - onChain.decimals);
  let signed;
  try {
    signed = await ctx.payouts.signer.sign({
      withdrawalId: pending.id,
      network: pending.network,
      contract: onChain.contractAddress,
      to: pending.address,
      units,
    });
  } catch (err) {
    if (err instanceof SignerRefusal)
      throw new AppError('CONFLICT', said('signerRefused', err.reason.replaceAll('_', ' ')));
    if (err instanceof HotWalletRefusal) {
      await ctx.core.sequencer.submit(reopenForApproval(pending.id));
      throw new AppError('CONFLICT', said('hotWalletCannotPay', err.message));
    }
    log.error({ err, withdrawal: pending.id }, 'signer or node unreachable');
    throw new AppError('UNAVAILABLE', `The ${pending.network} signer is not available`);
  }
  const { txHash, rawTx, nonce, from } = signed;
  const record = await ctx.core.sequencer.submit(
    recordPayout(pending.id, { txHash, rawTx, nonce, from, sentAt: ctx.now() }),
  );
  try {
    await wallet.send(rawTx);
    return { record, sent: true };
  } catch (err) {
    log.error({ err, withdrawal: pending.id, txHash }, 'payout not taken by the node yet');
    return { record, sent: false };
  }
}
