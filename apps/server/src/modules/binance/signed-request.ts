import type { ApiKeyScope } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import { signatureMatches } from '../../lib/request-signature.js';
import type { LiveApiKey } from '../api-keys/key-cache.js';
import { checkKeyUse, keyAuth, usableKey } from '../api-keys/service.js';
import { BINANCE_ERRORS, BinanceError } from './errors.js';
import { BinanceParams } from './params.js';

/** Binance's key header; the key itself is one of our API keys. */
export const BINANCE_KEY_HEADER = 'x-mbx-apikey';
/** Binance's default receive window, and the most a request may ask for. */
const DEFAULT_RECV_WINDOW_MS = 5_000;
const MAX_RECV_WINDOW_MS = 60_000;
/** How far ahead of the server's clock a timestamp may be (Binance: one second). */
const AHEAD_MS = 1_000;

/** A request as it arrived: the key header, the method, the raw query string and form body. */
export interface BinanceRequest {
  apiKey: string | undefined;
  method: string;
  query: string;
  body: string;
  ip: string;
}

/**
 * The key named by `X-MBX-APIKEY`, usable, of `scope` and from an allowed address: all a
 * `USER_STREAM` call (listen keys) needs. Binance words every refusal of a key as -2015.
 */
export async function binanceKey(
  ctx: AppContext,
  request: Pick<BinanceRequest, 'apiKey' | 'ip'>,
  scope: ApiKeyScope,
): Promise<LiveApiKey> {
  if (!request.apiKey || !/^[\x21-\x7e]{1,128}$/.test(request.apiKey))
    throw BINANCE_ERRORS.badKeyFormat();
  try {
    const key = await usableKey(ctx, request.apiKey);
    checkKeyUse(key, scope, request.ip);
    return key;
  } catch (err) {
    if (err instanceof Error && 'statusCode' in err && Number(err.statusCode) < 500)
      throw BINANCE_ERRORS.rejectedKey();
    throw err;
  }
}

/**
 * A `SIGNED` request checked as Binance checks it: the key; `timestamp` within `recvWindow` (at
 * most 60 s, 5 s when not given; at most 1 s ahead); `signature`, the hex HMAC-SHA256 under the
 * key's secret of the query string and the form body exactly as received, concatenated, without
 * the signature parameter itself. A request that changes state (any method but GET) is also
 * refused if its signature was seen before: Binance keeps no such guard, but a signed order
 * replayed within its window would place the order again. Reads may repeat (two identical reads
 * in one millisecond carry the same signature).
 */
export async function verifyBinanceRequest(
  ctx: AppContext,
  request: BinanceRequest,
  scope: ApiKeyScope,
): Promise<{ auth: AuthInfo; params: BinanceParams }> {
  const key = await binanceKey(ctx, request, scope);
  const query = withoutSignature(request.query);
  const body = withoutSignature(request.body);
  const params = BinanceParams.of(request.query, request.body);
  const timestamp = params.integer('timestamp');
  if (timestamp === undefined) throw BINANCE_ERRORS.mandatory('timestamp');
  const recvWindow = params.integer('recvWindow') ?? DEFAULT_RECV_WINDOW_MS;
  if (recvWindow > MAX_RECV_WINDOW_MS) throw BINANCE_ERRORS.badRecvWindow();
  const now = ctx.now().getTime();
  if (timestamp >= now + AHEAD_MS || now - timestamp > recvWindow) throw BINANCE_ERRORS.timestamp();
  const signature = (query.signature ?? body.signature ?? '').toLowerCase();
  if (!signature) throw BINANCE_ERRORS.mandatory('signature');
  if (!signatureMatches(key.secret, query.rest + body.rest, signature))
    throw BINANCE_ERRORS.signature();
  if (request.method !== 'GET' && !ctx.replays.firstSight(key.id, signature, now))
    throw new BinanceError(-1022, 'Request already received (replayed signature).');
  return { auth: keyAuth(key), params };
}

/** The raw text without its `signature=` parameter, and that signature (the last one given). */
function withoutSignature(raw: string): { rest: string; signature?: string } {
  if (!raw.includes('signature=')) return { rest: raw };
  let signature: string | undefined;
  const rest = raw
    .split('&')
    .filter((part) => {
      if (!part.startsWith('signature=')) return true;
      signature = part.slice('signature='.length);
      return false;
    })
    .join('&');
  return { rest, ...(signature !== undefined && { signature }) };
}
