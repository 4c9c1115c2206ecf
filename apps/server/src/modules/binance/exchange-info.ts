import { DEFAULT_ORDER_CAPS, type OrderCaps } from '../../core/trading/order-caps.js';
import type { Pair } from '../../core/trading/pairs.js';
import { MAX_PRICE_TICKS, MAX_QUANTITY_LOTS } from '../../core/trading/trading-state.js';
import { ORDER_TYPES } from './dto.js';
import { binanceAmount, binanceDecimal } from './decimals.js';

/** Decimal places of a step such as "0.00001" (5); a whole step has none. */
const placesOf = (step: string) => step.split('.')[1]?.replace(/0+$/, '').length ?? 0;

/**
 * A pair as `exchangeInfo` lists it: status, assets and precisions, the order types and times
 * in force it takes, and the filters every order is checked against (tick, lot, minimum value,
 * and the per-user caps on open orders and stops: MAX_NUM_ORDERS, MAX_NUM_ALGO_ORDERS).
 */
export function toExchangeSymbol(pair: Pair, caps: OrderCaps = DEFAULT_ORDER_CAPS) {
  const basePlaces = Math.max(8, placesOf(pair.lotSize));
  const quotePlaces = Math.max(8, placesOf(pair.tickSize));
  return {
    symbol: pair.symbol,
    status: pair.status === 'trading' ? 'TRADING' : 'HALT',
    baseAsset: pair.base.shortName,
    baseAssetPrecision: basePlaces,
    quoteAsset: pair.quote.shortName,
    quotePrecision: quotePlaces,
    quoteAssetPrecision: quotePlaces,
    baseCommissionPrecision: basePlaces,
    quoteCommissionPrecision: quotePlaces,
    orderTypes: [...ORDER_TYPES],
    icebergAllowed: false,
    ocoAllowed: true,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: false,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      {
        filterType: 'PRICE_FILTER',
        minPrice: binanceDecimal(pair.tickSize),
        maxPrice: binanceAmount(pair.tickUnits * BigInt(MAX_PRICE_TICKS)),
        tickSize: binanceDecimal(pair.tickSize),
      },
      {
        filterType: 'LOT_SIZE',
        minQty: binanceDecimal(pair.lotSize),
        maxQty: binanceAmount(pair.lotUnits * BigInt(MAX_QUANTITY_LOTS)),
        stepSize: binanceDecimal(pair.lotSize),
      },
      {
        filterType: 'NOTIONAL',
        minNotional: binanceAmount(pair.minNotional),
        applyMinToMarket: true,
        maxNotional: '9000000000.00000000',
        applyMaxToMarket: false,
        avgPriceMins: 0,
      },
      { filterType: 'MAX_NUM_ORDERS', maxNumOrders: caps.openOrdersPerPair },
      { filterType: 'MAX_NUM_ALGO_ORDERS', maxNumAlgoOrders: caps.stopsPerPair },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'NONE',
    allowedSelfTradePreventionModes: ['NONE'],
  };
}

/** Binance's kline intervals this API serves, in seconds (weeks and months it does not). */
export const KLINE_INTERVALS: Record<string, number> = {
  '1m': 60,
  '3m': 180,
  '5m': 300,
  '15m': 900,
  '30m': 1800,
  '1h': 3600,
  '2h': 7200,
  '4h': 14_400,
  '6h': 21_600,
  '8h': 28_800,
  '12h': 43_200,
  '1d': 86_400,
};
