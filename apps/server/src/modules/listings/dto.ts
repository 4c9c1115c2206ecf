import type { AdminPair, AdminToken } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { Token } from '../../core/tokens.js';
import type { Pair } from '../../core/trading/pairs.js';

export const toAdminTokenDto = (t: Token): AdminToken => ({
  _id: t.id,
  name: t.name,
  short_name: t.shortName,
  decimals: t.decimals,
  networks: t.networks.map((n) => ({
    network: n.network,
    contract_address: n.contractAddress,
    decimals: n.decimals,
    withdraw_fee: formatAmount(n.withdrawFee ?? 0n),
    withdraw_min: formatAmount(n.withdrawMin ?? 0n),
  })),
});

export const toAdminPairDto = (p: Pair, openOrders: number): AdminPair => ({
  _id: p.id,
  symbol: p.symbol,
  base_token: p.base.shortName,
  quote_token: p.quote.shortName,
  tick_size: p.tickSize,
  lot_size: p.lotSize,
  min_notional: formatAmount(p.minNotional),
  maker_fee: formatAmount(p.makerFee),
  taker_fee: formatAmount(p.takerFee),
  status: p.status,
  open_orders: openOrders,
});
