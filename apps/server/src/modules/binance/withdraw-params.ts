import { withdrawRequestSchema, type WithdrawRequest } from '@exchange/contracts';
import type { Token } from '../../core/tokens.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';
import type { BinanceParams } from './params.js';
import { networkOfCode } from './wallet-dto.js';
import { WITHDRAW_ERRORS } from './withdraw-errors.js';

/** Binance's `walletType`: 0 spot, 1 funding. Withdrawals here leave the funding wallet only. */
const FUNDING_WALLET = '1';

/**
 * `capital/withdraw/apply`'s parameters as our withdrawal request: `coin` (a listed coin, -4018
 * else), `network` (Binance's code: ETH, BSC, MATIC; the coin's first network when absent, as
 * `capital/config/getall` marks it default), `address`, `amount` (the network's fee included, as
 * on the web). No address tag (EVM addresses have none: -4008) and no spot wallet (-1100: the
 * funding wallet pays, as on the web). The request carries no second factor: a key may withdraw
 * only if the authenticator allowed its creation.
 */
export function withdrawRequestOf(
  tokens: readonly Token[],
  params: BinanceParams,
): WithdrawRequest {
  const coin = params.required('coin').toUpperCase();
  const token = tokens.find((t) => t.shortName === coin);
  if (!token) throw WITHDRAW_ERRORS.noAsset();
  const code = params.optional('network');
  const network =
    code === undefined
      ? token.networks[0]?.network
      : token.networks.find((n) => n.network === networkOfCode(code))?.network;
  if (!network) throw WITHDRAW_ERRORS.notOpen();
  if (params.optional('addressTag') !== undefined) throw WITHDRAW_ERRORS.tagRefused();
  const walletType = params.optional('walletType');
  if (walletType !== undefined && walletType !== FUNDING_WALLET)
    throw new BinanceError(
      -1100,
      'Withdrawals are paid from the funding wallet only (walletType=1).',
    );
  const address = params.required('address');
  const amount = params.decimal('amount');
  if (amount === undefined) throw BINANCE_ERRORS.mandatory('amount');
  const parsed = withdrawRequestSchema.safeParse({ network, address, amount, token_id: token.id });
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0]);
    throw field === 'address'
      ? WITHDRAW_ERRORS.illegalAddress()
      : BINANCE_ERRORS.illegalChars(field);
  }
  return parsed.data;
}
