import { randomBytes } from 'node:crypto';
import type { Pair } from '../../core/trading/pairs.js';
import type { OrderSpec } from '../orders/service.js';
import { ORDER_TYPES, TIMES_IN_FORCE, type OrderTerms, type ResponseType } from './dto.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';
import type { BinanceParams } from './params.js';

/** Binance's client order ids: up to 36 of these characters (ccxt sends 32). */
export const CLIENT_ORDER_ID = /^[.A-Z:/a-z0-9_-]{1,36}$/;

/**
 * A new order as POST /order states it. Its parameters are read here; the pair's filters (price
 * step, lot size, minimum value, a stop already crossed) are the order service's checks, whose
 * refusal codes `errors.ts` words as Binance's filter failures.
 */
export interface BinanceOrder {
  spec: OrderSpec;
  terms: OrderTerms;
  responseType: ResponseType;
}

export function readOrder(pair: Pair, params: BinanceParams): BinanceOrder {
  const side = params.oneOf('side', ['BUY', 'SELL'] as const);
  if (!side) throw BINANCE_ERRORS.mandatory('side');
  const type = params.oneOf('type', ORDER_TYPES);
  if (!type) throw BINANCE_ERRORS.mandatory('type');
  const tif = type === 'LIMIT_MAKER' ? undefined : params.oneOf('timeInForce', TIMES_IN_FORCE);
  if ((type === 'LIMIT' || type === 'STOP_LOSS_LIMIT') && !tif)
    throw BINANCE_ERRORS.mandatory('timeInForce');
  const responseType = params.oneOf('newOrderRespType', ['ACK', 'RESULT', 'FULL'] as const);
  const quantity = params.decimal('quantity');
  const quoteOrderQty = params.decimal('quoteOrderQty');
  const clientOrderId = params.optional('newClientOrderId') ?? generatedClientId();
  if (!CLIENT_ORDER_ID.test(clientOrderId)) throw BINANCE_ERRORS.illegalChars('newClientOrderId');
  const spec: OrderSpec = {
    symbol: pair.symbol,
    side: side === 'BUY' ? 'buy' : 'sell',
    type: type === 'MARKET' ? 'market' : 'limit',
    clientOrderId,
    // Binance's rule, kept for a day: an order under a held id is -2010 "Duplicate order sent."
    // (the earlier one is found by origClientOrderId).
    retries: 'refuse',
  };
  if (type === 'MARKET') {
    if (quantity === undefined && quoteOrderQty === undefined)
      throw BINANCE_ERRORS.mandatory('quantity');
    if (quantity !== undefined && quoteOrderQty !== undefined)
      throw new BinanceError(-1106, "Parameter 'quoteOrderQty' sent when not required.");
    if (quoteOrderQty !== undefined && side === 'SELL')
      throw new BinanceError(-1013, 'quoteOrderQty is accepted for BUY orders only.');
  } else if (quantity === undefined) throw BINANCE_ERRORS.mandatory('quantity');
  if (quantity !== undefined) spec.volume = quantity;
  // A stop-loss limit rests untriggered until the last price reaches its stop (a sell's falls to
  // it, a buy's rises to it), then enters the book at its limit price.
  if (type === 'STOP_LOSS_LIMIT') {
    const stopPrice = params.decimal('stopPrice');
    if (stopPrice === undefined) throw BINANCE_ERRORS.mandatory('stopPrice');
    spec.stopPrice = stopPrice;
  }
  if (quoteOrderQty !== undefined) spec.quoteVolume = quoteOrderQty;
  if (type !== 'MARKET') {
    const price = params.decimal('price');
    if (price === undefined) throw BINANCE_ERRORS.mandatory('price');
    spec.price = price;
    spec.timeInForce = type === 'LIMIT_MAKER' ? 'POST_ONLY' : tif;
  }
  return {
    spec,
    terms: { type, timeInForce: tif ?? 'GTC' },
    responseType: responseType ?? (type === 'LIMIT_MAKER' ? 'ACK' : 'FULL'),
  };
}

/** Binance makes up a client order id when none is sent; so do we, so it can be cancelled by. */
export const generatedClientId = () => randomBytes(16).toString('base64url').slice(0, 22);

/** The names an order call gives the order it acts on (cancel-replace's are `cancel…`). */
const REF_NAMES = { id: 'orderId', clientId: 'origClientOrderId' };

/** The order an order call names: `orderId` or `origClientOrderId` (or as `names` says). */
export function orderRef(
  params: BinanceParams,
  names = REF_NAMES,
): { id: number } | { clientOrderId: string } {
  const id = params.integer(names.id);
  if (id !== undefined) return { id };
  const clientOrderId = params.optional(names.clientId);
  if (clientOrderId !== undefined) return { clientOrderId };
  throw new BinanceError(
    -1102,
    `Param '${names.clientId}' or '${names.id}' must be sent, but both were empty/null!`,
  );
}
