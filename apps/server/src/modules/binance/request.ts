import type { ApiKeyScope } from '@exchange/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Pair } from '../../core/trading/pairs.js';
import { BINANCE_ERRORS } from './errors.js';
import { BinanceParams } from './params.js';
import { BINANCE_KEY_HEADER, verifyBinanceRequest, type BinanceRequest } from './signed-request.js';

/** The request's parts as received: the raw query string and the raw form body. */
export function binanceRequestOf(request: FastifyRequest): BinanceRequest {
  const url = request.url;
  const at = url.indexOf('?');
  const key = request.headers[BINANCE_KEY_HEADER];
  return {
    apiKey: typeof key === 'string' ? key : undefined,
    method: request.method,
    query: at < 0 ? '' : url.slice(at + 1),
    body: typeof request.body === 'string' ? request.body : '',
    ip: request.ip,
  };
}

/** A public call's parameters. */
export function publicParams(request: FastifyRequest): BinanceParams {
  const { query, body } = binanceRequestOf(request);
  return BinanceParams.of(query, body);
}

/** A `SIGNED` call, verified: who signed it and its parameters. */
export const signedCall = (ctx: AppContext, request: FastifyRequest, scope: ApiKeyScope) =>
  verifyBinanceRequest(ctx, binanceRequestOf(request), scope);

/** The listed pair `symbol` names (Binance's symbols are ours: BTCUSDT), or -1121. */
export function pairParam(ctx: AppContext, params: BinanceParams): Pair {
  const pair = ctx.core.state.trading.findPair(params.required('symbol'));
  if (!pair) throw BINANCE_ERRORS.badSymbol();
  return pair;
}

/** The pairs of `symbol` or `symbols` (a JSON array), or every pair when neither is given. */
export function pairsParam(ctx: AppContext, params: BinanceParams): Pair[] {
  const { trading } = ctx.core.state;
  if (params.optional('symbol') !== undefined) return [pairParam(ctx, params)];
  const list = params.optional('symbols');
  if (list === undefined) return [...trading.pairsBySymbol.values()];
  let symbols: unknown;
  try {
    symbols = JSON.parse(list);
  } catch {
    throw BINANCE_ERRORS.illegalChars('symbols');
  }
  if (!Array.isArray(symbols) || symbols.length === 0) throw BINANCE_ERRORS.illegalChars('symbols');
  return symbols.map((s) => {
    const pair = typeof s === 'string' ? trading.findPair(s) : undefined;
    if (!pair) throw BINANCE_ERRORS.badSymbol();
    return pair;
  });
}

/** A millisecond time parameter as a date (one a date can hold: `BinanceParams.time`). */
export function timeParam(params: BinanceParams, name: string): Date | undefined {
  const ms = params.time(name);
  return ms === undefined ? undefined : new Date(ms);
}
