import type { ApiKeyScope } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { rateLimited } from '../../lib/app-error.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import {
  MAX_RECV_WINDOW_MS,
  SIGNED_AHEAD_MS,
  signatureMatches,
} from '../../lib/request-signature.js';
import type { LiveApiKey } from '../api-keys/key-cache.js';
import { checkKeyUse, keyAuth, usableKey } from '../api-keys/service.js';
import { BINANCE_ERRORS } from './errors.js';
import { BinanceParams } from './params.js';
import { totalParams } from './total-params.js';

/** Binance's key header; the key itself is one of our API keys. */
export const BINANCE_KEY_HEADER = 'x-mbx-apikey';
/** Binance's default receive window (at most `MAX_RECV_WINDOW_MS`, 60 s, may be asked for). */
const DEFAULT_RECV_WINDOW_MS = 5_000;

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
 * most 60 s, 5 s when not given; less than 1 s ahead); `signature`, the hex HMAC-SHA256 under
 * the key's secret of the query string and the form body exactly as received, concatenated,
 * without the signature parameter itself. Beyond Binance (review N4-M1):
 * - the concatenation must read as the same parameters as the two parts read apart
 *   (`totalParams`), and a parameter given twice must say the same (`BinanceParams.of`);
 * - a signature is accepted once, whatever the method and path (`ReplayGuard`, kept for the
 *   widest window): a signed order cannot be placed twice, and a signed read cannot be sent
 *   again as the cancel of the same path (Binance signs neither method nor path). Two
 *   identical reads in one millisecond carry one signature: the second is refused, as a client
 *   signing each call with a fresh timestamp never sees;
 * - a timestamp from before this process began serving is refused (-1021): the process it took
 *   over from may have accepted it.
 */
export async function verifyBinanceRequest(
  ctx: AppContext,
  request: BinanceRequest,
  scope: ApiKeyScope,
): Promise<{ auth: AuthInfo; params: BinanceParams; key: LiveApiKey }> {
  const key = await binanceKey(ctx, request, scope);
  const query = withoutSignature(request.query);
  const body = withoutSignature(request.body);
  const params = BinanceParams.of(request.query, request.body);
  const signed = totalParams(query.rest, body.rest);
  const timestamp = params.integer('timestamp');
  if (timestamp === undefined) throw BINANCE_ERRORS.mandatory('timestamp');
  const recvWindow = params.integer('recvWindow') ?? DEFAULT_RECV_WINDOW_MS;
  if (recvWindow > MAX_RECV_WINDOW_MS) throw BINANCE_ERRORS.badRecvWindow();
  const now = ctx.now().getTime();
  if (
    timestamp >= now + SIGNED_AHEAD_MS ||
    now - timestamp > recvWindow ||
    ctx.replays.predatesServing(timestamp)
  )
    throw BINANCE_ERRORS.timestamp();
  const signature = (query.signature ?? body.signature ?? '').toLowerCase();
  if (!signature) throw BINANCE_ERRORS.mandatory('signature');
  if (!signatureMatches(key.secret, query.rest + body.rest, signature))
    throw BINANCE_ERRORS.signature();
  const sighting = ctx.replays.sight(signature, now);
  if (sighting === 'replay') throw BINANCE_ERRORS.replayed();
  if (sighting === 'full') throw rateLimited(1);
  return { auth: keyAuth(key), params: new BinanceParams(signed), key };
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
