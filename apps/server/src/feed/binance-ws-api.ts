import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { AppError } from '../lib/app-error.js';
import type { ClientAddress } from '../lib/client-address.js';
import type { LiveApiKey } from '../modules/api-keys/key-cache.js';
import { BINANCE_ERRORS, toBinanceError } from '../modules/binance/errors.js';
import { verifyBinanceRequest } from '../modules/binance/signed-request.js';
import { rateLimitsOf as listedLimits, type UsageLimits } from '../modules/binance/usage.js';
import { restCallOf, signedPayload, type WsParams } from '../modules/binance/ws-api-methods.js';
import {
  apiStreamName,
  StreamConnection,
  type Outbox,
  type StreamHub,
} from './binance-stream-hub.js';
import type { SocketCounts } from './socket-limits.js';
import { admitUpgrade, refuseUpgrade, type UpgradeHandler } from './upgrades.js';

/** Where Binance's WebSocket API is served, as ccxt pro's `urls.api.ws['ws-api'].spot` names it. */
export const BINANCE_WS_API_PATH = '/ws-api/v3';
const MAX_MESSAGE_BYTES = 65_536;
/** Calls one connection may have under way at once; past it a call is refused with -1003. */
const MAX_IN_FLIGHT = 100;
const MAX_SUBSCRIPTIONS = 10;

/** A REST call of this server's, in process: `app.inject` here, the gateway's own on a gateway. */
export type CallApi = (request: {
  method: string;
  url: string;
  headers: Record<string, string>;
  remoteAddress: string;
}) => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;

/** Calls into `app`'s own routes (the single server's, or a gateway's that hand them to the core). */
export const callInto =
  (app: FastifyInstance): CallApi =>
  async (request) => {
    const res = await app.inject({ ...request, method: request.method as 'GET' });
    return { statusCode: res.statusCode, headers: res.headers, body: res.body };
  };

export interface WsApiFollowers {
  hub: StreamHub;
  outbox: Outbox;
  /** Pings the connection with the streams' heartbeat and drops its follows when it closes. */
  adopt(c: StreamConnection): void;
}

interface Session {
  c: StreamConnection;
  address: string;
  connectedSince: number;
  key: LiveApiKey | null;
  /** The key as the client named it (`X-MBX-APIKEY` of the calls made for the session). */
  apiKey: string | null;
  authorizedSince: number | null;
  /** The last timestamp this server signed a call of the session with (strictly increasing). */
  signedAt: number;
  nextSubscription: number;
  inFlight: number;
}

type Answer = { status: number; result?: unknown; error?: { code: number; msg: string } } & {
  rateLimits?: unknown[];
};

/**
 * Binance's WebSocket API (`/ws-api/v3`): requests `{id, method, params}` answered
 * `{id, status, result | error, rateLimits}`. The REST-shaped methods (`ws-api-methods.ts`) are
 * the REST routes themselves, called in process with the parameters as signed, so keys,
 * signatures, replays, the order path and weights are one. After `session.logon` (signed) the
 * session's calls may leave out `apiKey` and `signature`: the server signs them with the key's
 * secret, as Binance does. `userDataStream.subscribe` (after a logon) and
 * `.subscribe.signature` follow the user's `executionReport` and `outboundAccountPosition` on
 * the same hub as the listen keys' streams, as `{subscriptionId, event}`.
 */
export function attachBinanceWsApi(
  app: FastifyInstance,
  clientAddress: ClientAddress,
  counts: SocketCounts,
  followers: WsApiFollowers,
  callApi: CallApi,
): { upgrade: UpgradeHandler; close(): void } {
  const { ctx } = app;
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  const open = new Set<WebSocket>();
  let closed = false;

  /** A signed request's key, verified as REST verifies one (for logon and a signed subscribe). */
  const verified = async (s: Session, params: WsParams): Promise<LiveApiKey> => {
    const payload = signedPayload(params);
    if (payload === null) throw BINANCE_ERRORS.illegalChars('params');
    const signature = typeof params.signature === 'string' ? params.signature : '';
    const apiKey = typeof params.apiKey === 'string' ? params.apiKey : undefined;
    const query = `${payload}&signature=${signature}`;
    const request = { apiKey, method: 'GET', query, body: '', ip: s.address };
    return (await verifyBinanceRequest(ctx, request, 'read')).key;
  };

  const subscribe = (s: Session, key: LiveApiKey): Answer => {
    if (s.c.listenKeys.size >= MAX_SUBSCRIPTIONS)
      return refusal(new AppError('RATE_LIMITED', 'Too many subscriptions'));
    const subscriptionId = s.nextSubscription++;
    const name = apiStreamName(subscriptionId);
    followers.hub.followUser(s.c, name, { userId: key.userId, apiKeyId: key.id });
    followers.hub.subscribe(s.c, name);
    return { status: 200, result: { subscriptionId } };
  };

  const sessionStatus = (s: Session) => ({
    apiKey: s.apiKey,
    authorizedSince: s.authorizedSince,
    connectedSince: s.connectedSince,
    returnRateLimits: true,
    serverTime: Date.now(),
    userDataStream: s.c.listenKeys.size > 0,
  });

  /** A REST method's call: signed by the client, or by the server for a logged-on session. */
  const rest = async (s: Session, method: string, params: WsParams): Promise<Answer | null> => {
    let signedParams = params;
    if (params.signature === undefined && s.key && needsSignature(method)) {
      s.signedAt = Math.max(Date.now(), s.signedAt + 1);
      const unsigned = { ...params, timestamp: s.signedAt };
      const payload = signedPayload(unsigned) ?? '';
      const signature = createHmac('sha256', s.key.secret).update(payload).digest('hex');
      signedParams = { ...unsigned, signature };
    }
    const call = restCallOf(method, signedParams);
    if (call === null) return null;
    if (call === 'bad-params') return refusal(BINANCE_ERRORS.illegalChars('params'));
    const apiKey = typeof params.apiKey === 'string' ? params.apiKey : s.apiKey;
    const res = await callApi({
      ...call,
      headers: apiKey ? { 'x-mbx-apikey': apiKey } : {},
      remoteAddress: s.address,
    });
    const body = parseJson(res.body);
    const rateLimits = rateLimitsOf(res.headers, ctx.config.rateLimit.binance);
    if (res.statusCode === 200) return { status: 200, result: body, rateLimits };
    const error = body as { code?: number; msg?: string } | null;
    return {
      status: res.statusCode,
      error: { code: error?.code ?? -1000, msg: error?.msg ?? BINANCE_ERRORS.unknown().msg },
      rateLimits,
    };
  };

  const answer = async (s: Session, method: string, params: WsParams): Promise<Answer> => {
    switch (method) {
      case 'session.logon': {
        const key = await verified(s, params);
        [s.key, s.apiKey, s.authorizedSince] = [key, String(params.apiKey), Date.now()];
        return { status: 200, result: sessionStatus(s) };
      }
      case 'session.status':
        return { status: 200, result: sessionStatus(s) };
      case 'session.logout':
        [s.key, s.apiKey, s.authorizedSince] = [null, null, null];
        return { status: 200, result: sessionStatus(s) };
      case 'userDataStream.subscribe':
        if (!s.key) return refusal(BINANCE_ERRORS.mandatory('apiKey'));
        return subscribe(s, s.key);
      case 'userDataStream.subscribe.signature':
        return subscribe(s, await verified(s, params));
      case 'userDataStream.unsubscribe': {
        const only = params.subscriptionId;
        for (const name of [...s.c.listenKeys.keys()])
          if (only === undefined || name === apiStreamName(Number(only)))
            followers.hub.unsubscribe(s.c, name);
        return { status: 200, result: {} };
      }
      default:
        return (await rest(s, method, params)) ?? refusal(BINANCE_ERRORS.unsupported());
    }
  };

  const onMessage = (s: Session, text: string) => {
    let request: { id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(text) as typeof request;
    } catch {
      return send(s, null, { status: 400, error: { code: -1000, msg: 'Malformed request.' } });
    }
    const id = typeof request.id === 'string' || typeof request.id === 'number' ? request.id : null;
    const params = (request.params ?? {}) as WsParams;
    if (typeof request.method !== 'string' || typeof params !== 'object' || Array.isArray(params))
      return send(s, id, refusal(BINANCE_ERRORS.mandatory('method')));
    if (s.inFlight >= MAX_IN_FLIGHT)
      return send(s, id, refusal(new AppError('RATE_LIMITED', 'Too many requests in flight')));
    s.inFlight++;
    answer(s, request.method, params)
      .catch((err: unknown) => {
        const failure = toBinanceError(err, 'other');
        if (failure.status >= 500) app.log.error({ err }, 'binance ws-api call failed');
        return { status: failure.status, error: { code: failure.code, msg: failure.msg } };
      })
      .then((reply) => {
        s.inFlight--;
        send(s, id, reply);
      });
  };

  const upgrade: UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const tcp = socket as Socket;
    if (closed) return refuseUpgrade(tcp, new AppError('UNAVAILABLE', 'Closing'));
    const address = admitUpgrade(request, tcp, clientAddress, counts);
    if (address === null) return;
    wss.handleUpgrade(request, tcp, head, (ws) => {
      const c = new StreamConnection(ws, tcp, 'api', followers.outbox);
      followers.adopt(c);
      open.add(ws);
      ws.once('close', () => open.delete(ws));
      const s: Session = {
        c,
        address,
        connectedSince: Date.now(),
        key: null,
        apiKey: null,
        authorizedSince: null,
        signedAt: 0,
        nextSubscription: 0,
        inFlight: 0,
      };
      ws.on('message', (data) => onMessage(s, String(data)));
    });
  };

  return {
    upgrade,
    close() {
      closed = true;
      for (const ws of open) ws.terminate();
    },
  };
}

/** The methods that read or change an account: signed (the market data ones are not). */
const needsSignature = (method: string) =>
  method.startsWith('order.') ||
  method.startsWith('openOrders.') ||
  method.startsWith('account.') ||
  method === 'allOrders' ||
  method === 'myTrades';

function refusal(err: unknown): Answer {
  const failure = toBinanceError(err, 'other');
  return { status: failure.status, error: { code: failure.code, msg: failure.msg } };
}

function send(s: Session, id: string | number | null, reply: Answer): void {
  if (s.c.ws.readyState !== s.c.ws.OPEN) return;
  s.c.ws.send(JSON.stringify({ id, ...reply }));
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The weight and order counts a REST answer reported, as the WebSocket API's `rateLimits`. */
function rateLimitsOf(headers: Record<string, unknown>, limits: UsageLimits): unknown[] {
  const counted = [
    ['x-mbx-used-weight-1m', 0],
    ['x-mbx-order-count-10s', 1],
    ['x-mbx-order-count-1d', 2],
  ] as const;
  const listed = listedLimits(limits);
  return counted
    .filter(([header]) => headers[header] !== undefined)
    .map(([header, at]) => ({ ...listed[at], count: Number(headers[header]) }));
}
