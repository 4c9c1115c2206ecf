import type { WalletType } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import { tokenRef, type Token } from '../../core/tokens.js';
import type { AccountBalance } from './repository.js';

/**
 * One token's balance in one wallet: `amount` is what is available and `locked_balance` what
 * orders or withdrawals hold (decision D19: the total is their sum).
 */
export function toBalanceDto(token: Token, walletType: WalletType, balance?: AccountBalance) {
  return {
    amount: formatAmount(balance?.available ?? 0n),
    locked_balance: formatAmount(balance?.locked ?? 0n),
    wallet_type: walletType,
    token: tokenRef(token),
  };
}

/** A wallet list's row: the balance and the token it is in. */
export function toWalletRowDto(token: Token, walletType: WalletType, balance?: AccountBalance) {
  return {
    ...toBalanceDto(token, walletType, balance),
    token_id: token.id,
    short_name: token.shortName,
    name: token.name,
  };
}
