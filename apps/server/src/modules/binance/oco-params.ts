import type { PlaceOcoRequest } from '@exchange/contracts';
import { parseAmount } from '../../core/money.js';
import { TIMES_IN_FORCE, type BestLevels } from './dto.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';
import { CLIENT_ORDER_ID, generatedClientId } from './order-params.js';
import type { BinanceParams } from './params.js';

/** The leg types Binance's `orderList/oco` names; ours is a limit order and a stop-limit one. */
const LEG_TYPES = [
  'LIMIT_MAKER',
  'STOP_LOSS',
  'STOP_LOSS_LIMIT',
  'TAKE_PROFIT',
  'TAKE_PROFIT_LIMIT',
] as const;

const unsupported = () => new BinanceError(-1014, 'Unsupported order combination.');

/**
 * `POST /orderList/oco` as our OCO: a sell takes profit above (`aboveType` LIMIT_MAKER, our limit
 * order) and stops a loss below (`belowType` STOP_LOSS_LIMIT, our stop-limit order); a buy the
 * other way round. Other combinations Binance has are refused with its -1014. `listClientOrderId`
 * (or the limit leg's own client id; else one made up) is our OCO's client id, on its limit order.
 */
export function readOco(symbol: string, params: BinanceParams): PlaceOcoRequest {
  const side = params.oneOf('side', ['BUY', 'SELL'] as const);
  if (!side) throw BINANCE_ERRORS.mandatory('side');
  const quantity = required(params, 'quantity');
  const aboveType = params.oneOf('aboveType', LEG_TYPES);
  if (!aboveType) throw BINANCE_ERRORS.mandatory('aboveType');
  const belowType = params.oneOf('belowType', LEG_TYPES);
  if (!belowType) throw BINANCE_ERRORS.mandatory('belowType');
  const [limit, stop] = side === 'SELL' ? ['above', 'below'] : ['below', 'above'];
  if (params.optional(`${limit}Type`) !== 'LIMIT_MAKER') throw unsupported();
  if (params.optional(`${stop}Type`) !== 'STOP_LOSS_LIMIT') throw unsupported();
  if (params.oneOf(`${stop}TimeInForce`, TIMES_IN_FORCE) === undefined)
    throw BINANCE_ERRORS.mandatory(`${stop}TimeInForce`);
  return {
    symbol,
    trade_type: side === 'BUY' ? 'buy' : 'sell',
    volume: quantity,
    price: required(params, `${limit}Price`),
    stop_price: required(params, `${stop}StopPrice`),
    stop_limit_price: required(params, `${stop}Price`),
    client_order_id: clientIdOf(params, `${limit}ClientOrderId`),
  };
}

/**
 * Binance's deprecated `POST /order/oco` (still sent by older clients, `@binance/connector`'s
 * `newOCOOrder`) as the same OCO: `price` is the limit leg (a LIMIT_MAKER), `stopPrice` and
 * `stopLimitPrice` the stop-limit leg with its `stopLimitTimeInForce`. Without `stopLimitPrice`
 * Binance's stop leg is a market stop, which this exchange has not: -1014.
 */
export function readLegacyOco(symbol: string, params: BinanceParams): PlaceOcoRequest {
  const side = params.oneOf('side', ['BUY', 'SELL'] as const);
  if (!side) throw BINANCE_ERRORS.mandatory('side');
  const quantity = required(params, 'quantity');
  const price = required(params, 'price');
  const stopPrice = required(params, 'stopPrice');
  const stopLimitPrice = params.decimal('stopLimitPrice');
  if (stopLimitPrice === undefined) throw unsupported();
  if (params.oneOf('stopLimitTimeInForce', TIMES_IN_FORCE) === undefined)
    throw BINANCE_ERRORS.mandatory('stopLimitTimeInForce');
  return {
    symbol,
    trade_type: side === 'BUY' ? 'buy' : 'sell',
    volume: quantity,
    price,
    stop_price: stopPrice,
    stop_limit_price: stopLimitPrice,
    client_order_id: clientIdOf(params, 'limitClientOrderId'),
  };
}

function required(params: BinanceParams, name: string): string {
  const value = params.decimal(name);
  if (value === undefined) throw BINANCE_ERRORS.mandatory(name);
  return value;
}

/** The OCO's client id: its limit leg's (`limitName`), else the list's, else one made up. */
function clientIdOf(params: BinanceParams, limitName: string): string {
  const id =
    params.optional(limitName) ?? params.optional('listClientOrderId') ?? generatedClientId();
  if (!CLIENT_ORDER_ID.test(id)) throw BINANCE_ERRORS.illegalChars('listClientOrderId');
  return id;
}

/** Whether the OCO's limit leg (Binance's LIMIT_MAKER, never a taker) would take from `best`. */
export function limitLegWouldTake(oco: PlaceOcoRequest, best: BestLevels): boolean {
  const price = parseAmount(String(oco.price));
  if (price === null) return false;
  return oco.trade_type === 'sell'
    ? best.bidPrice > 0n && best.bidPrice >= price
    : best.askPrice > 0n && best.askPrice <= price;
}
