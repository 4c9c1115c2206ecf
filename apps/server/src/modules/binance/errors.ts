import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderRefusal } from '@exchange/contracts';
import { AppError } from '../../lib/app-error.js';

/**
 * A refusal as Binance's spot API words it: `{code, msg}` with its negative code and text, so
 * that programs written for Binance (ccxt maps these to its error classes) read ours the same.
 */
export class BinanceError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly status = 400,
    /** What Binance adds to some refusals (cancel-replace's halves), sent as `data`. */
    readonly data?: unknown,
  ) {
    super(msg);
    this.name = 'BinanceError';
  }
}

/** Binance's texts for the refusals this API gives (its "Error codes for Binance" page). */
export const BINANCE_ERRORS = {
  unknown: () => new BinanceError(-1000, 'An unknown error occurred while processing the request.'),
  internal: () =>
    new BinanceError(
      -1001,
      'Internal error; unable to process your request. Please try again.',
      503,
    ),
  tooMuchWeight: (limit: number) =>
    new BinanceError(
      -1003,
      `Too much request weight used; current limit is ${limit} request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API.`,
      429,
    ),
  banned: (until: number) =>
    new BinanceError(
      -1003,
      `Way too much request weight used; IP banned until ${until}. Please use WebSocket Streams for live updates to avoid bans.`,
      418,
    ),
  tooManyOrders10s: (limit: number) =>
    new BinanceError(
      -1015,
      `Too many new orders; current limit is ${limit} orders per 10 SECOND.`,
      429,
    ),
  tooManyOrdersDay: (limit: number) =>
    new BinanceError(-1015, `Too many new orders; current limit is ${limit} orders per DAY.`, 429),
  unsupported: () => new BinanceError(-1020, 'This operation is not supported.', 404),
  timestamp: () =>
    new BinanceError(-1021, 'Timestamp for this request is outside of the recvWindow.', 400),
  signature: () => new BinanceError(-1022, 'Signature for this request is not valid.', 400),
  illegalChars: (param: string) =>
    new BinanceError(-1100, `Illegal characters found in parameter '${param}'.`),
  duplicateValues: () => new BinanceError(-1101, 'Duplicate values for a parameter detected.'),
  mandatory: (param: string) =>
    new BinanceError(
      -1102,
      `Mandatory parameter '${param}' was not sent, was empty/null, or malformed.`,
    ),
  badRecvWindow: () => new BinanceError(-1131, 'recvWindow must be less than 60000'),
  replayed: () => new BinanceError(-1022, 'Request already received (replayed signature).'),
  badEnum: (param: string) => new BinanceError(-1116, `Invalid ${param}.`),
  badSymbol: () => new BinanceError(-1121, 'Invalid symbol.'),
  badInterval: () => new BinanceError(-1120, 'Invalid interval.'),
  filter: (filter: 'PRICE_FILTER' | 'LOT_SIZE' | 'NOTIONAL') =>
    new BinanceError(-1013, `Filter failure: ${filter}`),
  invalidQuantity: () => new BinanceError(-1013, 'Invalid quantity.'),
  marketClosed: () => new BinanceError(-1013, 'Market is closed.'),
  insufficientBalance: () =>
    new BinanceError(-2010, 'Account has insufficient balance for requested action.'),
  wouldTake: () => new BinanceError(-2010, 'Order would immediately match and take.'),
  stopWouldTrigger: () => new BinanceError(-2010, 'Stop price would trigger immediately.'),
  wouldNotFill: () =>
    new BinanceError(-2010, 'Order would not fully fill, so it was not placed (FOK).'),
  duplicateOrder: () => new BinanceError(-2010, 'Duplicate order sent.'),
  tooManyOrders: () => new BinanceError(-2010, 'Account has too many open orders on the symbol.'),
  tooManyAlgoOrders: () =>
    new BinanceError(
      -2010,
      'Account has too many open stop loss and/or take profit orders on the symbol.',
    ),
  disabled: () => new BinanceError(-2010, 'This action is disabled on this account.', 403),
  cancelUnknown: () => new BinanceError(-2011, 'Unknown order sent.'),
  queryUnknown: () => new BinanceError(-2013, 'Order does not exist.'),
  badKeyFormat: () => new BinanceError(-2014, 'API-key format invalid.', 401),
  rejectedKey: () =>
    new BinanceError(-2015, 'Invalid API-key, IP, or permissions for action.', 401),
} as const;

/** An order refusal's reason (`data.reason`, the order service's code) in Binance's words. */
const BY_REASON: Record<OrderRefusal, () => BinanceError> = {
  PRICE_FILTER: () => BINANCE_ERRORS.filter('PRICE_FILTER'),
  LOT_SIZE: () => BINANCE_ERRORS.filter('LOT_SIZE'),
  NOTIONAL: () => BINANCE_ERRORS.filter('NOTIONAL'),
  STOP_WOULD_TRIGGER: BINANCE_ERRORS.stopWouldTrigger,
  MARKET_CLOSED: BINANCE_ERRORS.marketClosed,
  POST_ONLY_WOULD_CROSS: BINANCE_ERRORS.wouldTake,
  FOK_NOT_FILLABLE: BINANCE_ERRORS.wouldNotFill,
};

const reasonOf = (err: AppError): OrderRefusal | undefined => {
  const reason = (err.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' && Object.hasOwn(BY_REASON, reason)
    ? (reason as OrderRefusal)
    : undefined;
};

/**
 * A failure that is not a refusal of ours: a framework's refusal of the request (a body too
 * large, a malformed one) keeps its 4xx; anything else (a database error, a bug) is the server's
 * fault, answered 500 and logged by the handler below, never dressed as the client's (N4-L3).
 */
function unexpected(err: unknown): BinanceError {
  const status = Number((err as FastifyError | undefined)?.statusCode);
  const clientError = Number.isInteger(status) && status >= 400 && status < 500;
  return new BinanceError(
    BINANCE_ERRORS.unknown().code,
    BINANCE_ERRORS.unknown().msg,
    clientError ? status : 500,
  );
}

/** How a failure of the shared services reads in Binance's words (`action`: cancel or query). */
export function toBinanceError(err: unknown, action: 'cancel' | 'query' | 'other'): BinanceError {
  if (err instanceof BinanceError) return err;
  if (!(err instanceof AppError)) return unexpected(err);
  // Mapped by the order service's codes, never by its texts, which are the reader's language's.
  const reason = reasonOf(err);
  if (reason) return BY_REASON[reason]();
  switch (err.code) {
    case 'INSUFFICIENT_BALANCE':
      return BINANCE_ERRORS.insufficientBalance();
    case 'TOO_MANY_ORDERS':
      return err.said?.key === 'tooManyStops'
        ? BINANCE_ERRORS.tooManyAlgoOrders()
        : BINANCE_ERRORS.tooManyOrders();
    case 'NOT_FOUND':
      return action === 'cancel' ? BINANCE_ERRORS.cancelUnknown() : BINANCE_ERRORS.queryUnknown();
    case 'RATE_LIMITED':
      return new BinanceError(-1003, err.message, 429);
    case 'KYC_REQUIRED':
    case 'FORBIDDEN':
      return BINANCE_ERRORS.disabled();
    case 'CONFLICT':
      return BINANCE_ERRORS.duplicateOrder();
    case 'BAD_REQUEST':
    case 'VALIDATION_ERROR':
      // The order path's other checks (a book with nothing to match), in English.
      return new BinanceError(-1013, err.message);
    default:
      return err.statusCode >= 500 ? BINANCE_ERRORS.internal() : BINANCE_ERRORS.unknown();
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which "unknown order" a Binance route answers: -2011 for a cancel, -2013 for a query. */
    binanceAction?: 'cancel' | 'query';
  }
}

/** The /api/v3 scope's error handler: every failure as `{code, msg}` with Binance's status. */
export function binanceErrorHandler(
  err: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const failure = toBinanceError(err, request.routeOptions.config.binanceAction ?? 'other');
  if (failure.status >= 500) request.log.error({ err }, 'binance api failure');
  if (failure.status === 429) {
    const seconds = (err as AppError).data as { retry_after_seconds?: number } | undefined;
    if (seconds?.retry_after_seconds) reply.header('retry-after', seconds.retry_after_seconds);
  }
  const { code, msg, data } = failure;
  return reply.code(failure.status).send(data === undefined ? { code, msg } : { code, msg, data });
}
