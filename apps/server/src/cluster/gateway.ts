import { randomUUID } from 'node:crypto';
import { API_KEY_HEADERS, UNAVAILABLE_MESSAGE } from '@exchange/contracts';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Config } from '../config/env.js';
import { connectDatabase, databaseTarget, pingDatabase } from '../db/connect.js';
import { databaseIdentity } from '../db/identity.js';
import { LOG_REDACT_PATHS } from '../lib/log-redaction.js';
import { sameHash } from '../lib/secrets.js';
import { givenToken, OPS_METRICS_PATH } from '../modules/ops/routes.js';
import { Metrics } from '../lib/metrics.js';
import { failure } from '../plugins/error-handler.js';
import { security } from '../plugins/security.js';
import { serveWebApp } from '../plugins/web-app.js';
import {
  busRequester,
  connectBus,
  loadBusKey,
  subjectsFor,
  type BusRequester,
  type Subjects,
} from './bus.js';
import { timedBus } from './bus-metrics.js';
import { RETRY_AFTER_SECONDS } from './core-liveness.js';
import { watchCore } from './core-watch.js';
import { attachGatewayFeed } from './gateway-feed.js';
import { listenForMetrics } from './metrics-listener.js';
import { buildGatewayReader, isGatewayRead } from './gateway-reads.js';
import { remoteCalls } from './gateway-entry.js';
import { messageHeaders, type BusRequest, type BusResponse } from './http-envelope.js';

/** The largest body a gateway carries to the core (an identity image, a bank statement). */
const MAX_BODY_BYTES = 12 * 1024 * 1024;

export interface GatewayOverrides {
  logStream?: { write(line: string): void };
}

/**
 * A gateway (ROLE=gateway): the web app, the realtime feed, and the API, whose every call it
 * hands to the core over the broker (request/reply, `core-bus.ts`) and answers as the core did,
 * or 503 UNAVAILABLE ("Please try again", `Retry-After: 1`) when no core answers: at once when
 * none is there, within about a second when its core dies meanwhile (`core-watch.ts`), else
 * after CORE_TIMEOUT_MS. It never guesses. It keeps nothing another gateway needs, so any number may run behind a load balancer.
 * Readiness (`/api/v1/health/ready`) is the gateway's own: its database answers and a core
 * answered a ping within the last 3 s, so the balancer skips a gateway cut off from its core.
 */
export async function buildGateway(
  config: Config,
  overrides: GatewayOverrides = {},
): Promise<FastifyInstance> {
  const { natsUrl, coreTimeoutMs } = config.cluster;
  if (!natsUrl) throw new Error('A gateway needs NATS_URL');
  const busKey = await loadBusKey(config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      ...(overrides.logStream && { stream: overrides.logStream }),
    },
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
  });
  const database = connectDatabase(databaseTarget(config));
  app.addHook('onClose', () => database.close());
  const subjects = subjectsFor(await databaseIdentity(database.db));
  const metrics = new Metrics('gateway');
  const reader = await buildGatewayReader(config, database, metrics, overrides.logStream);
  app.addHook('onClose', () => reader.app.close());
  const nc = await connectBus(config.cluster, `gateway-${process.pid}`, app.log);
  app.addHook('onClose', async () => {
    await nc.drain().catch(() => undefined);
  });
  // Every request to the core is signed: it believes the client's address from nothing else.
  const signed = timedBus(busRequester(nc, busKey, app.log), subjects, metrics);
  const core = watchCore(nc, signed, subjects, metrics, () => void reader.reload());
  // Each call waits only as long as its core lives: a lost core's callers hear 503 at once.
  const bus = core.requester;
  app.addHook('onClose', async () => core.stop());

  // Bodies pass through as they came: the core parses and validates them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(security, { config });
  attachGatewayFeed(app, nc, bus, subjects, {
    trustProxy: config.trustProxy,
    metrics,
    timeoutMs: coreTimeoutMs,
    findSymbol: (symbol) =>
      core.symbols.has(symbol.toUpperCase()) ? symbol.toUpperCase() : undefined,
    reader: reader.app,
    limits: config.socketLimits,
    entryCalls: remoteCalls(bus, subjects, coreTimeoutMs),
  });

  app.get('/api/v1/health/live', async () => ({
    success: true,
    status: 200,
    message: 'OK',
    data: null,
  }));
  for (const url of ['/api/v1/health', '/api/v1/health/ready'])
    app.get(url, { config: { rateLimit: false } }, async (_request, reply) => {
      const dbOk = await pingDatabase(database.db);
      const coreOk = core.ready();
      const status = dbOk && coreOk ? 200 : 503;
      const message = !coreOk ? 'Core unreachable' : dbOk ? 'OK' : 'Database unreachable';
      return reply.code(status).send({
        success: status === 200,
        status,
        message,
        data: {
          status: status === 200 ? 'ok' : 'degraded',
          database: { kind: database.kind, ok: dbOk },
          core: { ok: coreOk },
        },
      });
    });
  serveOwnMetrics(app, metrics, reader.app.ctx.opsToken);
  if (config.metricsPort !== null) {
    const at = { host: config.host, port: config.metricsPort };
    const listener = await listenForMetrics(metrics, reader.app.ctx.opsToken, at);
    app.addHook('onClose', () => listener.close());
  }
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    // The id the core logs this call under too: a client can quote it.
    reply.header('x-request-id', request.id);
    const read =
      reader.loaded() &&
      isGatewayRead(request.method, request.url, request.headers[API_KEY_HEADERS.key] !== undefined)
        ? await readHere(reader.app, request)
        : null;
    // A read the reader failed (a pair listed since its last load) is the core's to answer.
    const answer =
      read && read.status < 500 ? read : await askCore(bus, subjects, request, coreTimeoutMs);
    if (!answer) {
      request.log.warn({ url: request.url }, 'the core did not answer: 503');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send(failure(503, 'UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    reply.code(answer.status).headers(answer.headers);
    const body = answer.body;
    return reply.send(typeof body === 'string' ? Buffer.from(body, 'base64') : body);
  };
  // Binance's wallet API (/sapi) is the core's too: its refusals, never the web page.
  for (const url of ['/api/*', '/sapi/*']) app.all(url, { config: { rateLimit: false } }, forward);
  await serveWebApp(app, config);
  return app;
}

/** A read answered by this gateway's reader, from the database (`gateway-reads.ts`). */
async function readHere(
  reader: FastifyInstance,
  request: FastifyRequest,
): Promise<Omit<BusResponse, 'body'> & { body: Buffer }> {
  const res = await reader.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...messageHeaders(request.headers), 'x-request-id': request.id },
    remoteAddress: request.ip,
  });
  return { status: res.statusCode, headers: messageHeaders(res.headers), body: res.rawPayload };
}

/**
 * This process's own metrics at the path every process serves them at (never the core's: a
 * gateway's answer is its own), and each answer counted by route pattern and status: a call
 * the core did not answer is counted here as the 503 the client got.
 */
function serveOwnMetrics(app: FastifyInstance, metrics: Metrics, opsToken: string): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime);
  });
  app.get(OPS_METRICS_PATH, { config: { rateLimit: false } }, async (request, reply) => {
    const given = givenToken(request.headers);
    if (given === null || !sameHash(given, opsToken))
      return reply.code(401).send(failure(401, 'UNAUTHORIZED', 'Operator token required'));
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

/** The core's answer, or null when none came in time (no core, or it died meanwhile). */
async function askCore(
  bus: BusRequester,
  subjects: Subjects,
  request: FastifyRequest,
  timeout: number,
): Promise<BusResponse | null> {
  const body = request.body;
  const message: BusRequest = {
    method: request.method,
    url: request.url,
    headers: messageHeaders(request.headers),
    remoteAddress: request.ip,
    requestId: request.id,
    ...(Buffer.isBuffer(body) && body.length > 0 && { body: body.toString('base64') }),
  };
  try {
    return await bus.request<BusResponse>(subjects.http, message, timeout);
  } catch {
    return null;
  }
}
