import { type WalletType } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { Command } from '../../core/sequencer.js';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';

export interface TransferInput {
  userId: string;
  tokenId: string;
  from: WalletType;
  to: WalletType;
  /** Ledger units. */
  amount: bigint;
}

/**
 * Moves available funds between a user's own wallets. From and To must differ (decision D11),
 * and the amount cannot exceed what the source wallet has available.
 */
export const transfer =
  ({ userId, tokenId, from, to, amount }: TransferInput): Command<void> =>
  (state, work) => {
    state.refuseLocked(userId);
    if (from === to) throw new AppError('BAD_REQUEST', said('transferSameWallet'));
    const source = state.accounts.user(userId, tokenId, from);
    if (source.available < amount)
      throw new AppError(
        'INSUFFICIENT_BALANCE',
        said('amountCannotExceed', formatAmount(source.available)),
      );
    const target = state.accounts.user(userId, tokenId, to);
    work.post('transfer', `${from}->${to}`, [
      { account: source, bucket: 'available', amount: -amount },
      { account: target, bucket: 'available', amount },
    ]);
  };
