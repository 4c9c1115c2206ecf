import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildContext, DATA_DIR_SECRETS, type ContextOverrides } from './build-context.js';
import type { Config } from './config/env.js';
import { connectDatabase, databaseTarget, type DatabaseHandle } from './db/connect.js';
import { INSTEAD, ownEmbeddedDatabase } from './db/data-dir-owner.js';
import { migrateToLatest } from './db/migrate.js';
import { guardSecrets } from './secret-guards.js';
import { loadDemoCredentials } from './demo/credentials.js';
import { seedDemoMarket } from './demo/seed.js';
import { listRupee } from './modules/listings/rupee.js';
import { startDemo } from './demo/start-demo.js';
import { startMarketFeed } from './feed/market-feed.js';
import { startCoreBus } from './cluster/core-bus.js';
import { StandbyFollower } from './cluster/standby-follower.js';
import { listenForMetrics } from './cluster/metrics-listener.js';
import { LOG_REDACT_PATHS } from './lib/log-redaction.js';
import { requestValidator } from './lib/request-validator.js';
import { securePrivateDir } from './lib/private-dir.js';
import { servingFromMs, untilClockReads } from './lib/request-signature.js';
import { startAuthPurge } from './modules/auth/purge.js';
import { startDepositScanner } from './modules/deposits/scanner.js';
import { startDepositWatcher } from './modules/deposits/watcher.js';
import { startReservesSchedule } from './modules/proof-of-reserves/schedule.js';
import { startDocumentRetention } from './modules/files/retention.js';
import { startPayoutWatcher } from './modules/withdrawals/payout-watcher.js';
import { startConfirmationExpiry } from './modules/withdrawals/service.js';
import { MarketData } from './modules/market/market-data.js';
import { noticeFundsEvents } from './modules/security-notices/funds-notices.js';
import { amlIdle, monitorFunds } from './modules/aml/monitor.js';
import { PriceAlerts } from './modules/price-alerts/service.js';
import { docs } from './plugins/docs.js';
import { errorHandler, frameworkFailure } from './plugins/error-handler.js';
import { notices } from './plugins/notices.js';
import { IDLE_CONNECTION_MS, requestTimeouts } from './plugins/request-timeouts.js';
import { security } from './plugins/security.js';
import { serveWebApp } from './plugins/web-app.js';
import { registerApi } from './routes.js';
import * as statementLines from './modules/bank-transfers/deposit-lines.js';
import { startRupeeClaimExpiry } from './modules/bank-transfers/rupee-claims.js';
import type { RouteServices } from './modules/route-group.js';

export interface AppOverrides extends ContextOverrides {
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /**
   * The writer's connection, and with it the writer lock, was lost: this process must stop
   * (server.ts exits; a standby may already have taken over). Logged either way.
   */
  onWriterLost?: (error: Error) => void;
}

/**
 * Builds the whole service; tests drive it with `app.inject()`, server.ts only listens. The
 * start-up order is this function's order, and each step needs the ones before it:
 * 1. the data folder made owner-only; the database, migrated; the writer lock held (a second
 *    process on the same database waits here as a standby until the first stops); the demo
 *    market seeded (before the core loads, so it loads the demo pairs and their last trade ids);
 * 2. the shared context, which starts the trading core from the database;
 * 3. background work: the deposit watcher, the payout watcher (hot-wallet payouts on their way,
 *    resumed after a restart), the identity images' retention sweep and the hourly
 *    purge of old sign-in records; the market data and feed (before the demo bots, so they hear
 *    the market maker's first trade);
 * 4. plugins (errors, security headers, API docs), the API's route groups, the web app; a core
 *    of a cluster serves its gateways from here;
 * 5. the demo's accounts and bots (off a takeover's path: their scrypt checks take a second).
 * A core of a cluster (ROLE=core) is a warm standby: it builds the context, loads the core from
 * what is committed so far and registers step 4 before it waits at the writer lock; once it
 * holds it, it seeds, catches the core up (loads it again: no one writes now), and goes on with
 * step 3 (`warmStandby`).
 * Shutdown runs the onClose hooks in reverse: the writer's last batch is flushed before the
 * database closes.
 */
/** Node's default limit of a request's headers, the URL included. */
const MAX_URL_BYTES = 16_384;
/** A request that took this long is logged at info whatever its answer. */
const SLOW_REQUEST_MS = 1000;

export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = createApp(config, overrides);
  try {
    await startApp(app, config, overrides);
    return app;
  } catch (err) {
    // What was opened so far is closed (the database, the data folder's lock) before the error.
    await app.close().catch(() => undefined);
    throw err;
  }
}

async function startApp(
  app: FastifyInstance,
  config: Config,
  overrides: AppOverrides,
): Promise<void> {
  // 1. The embedded database's folder is this process's alone: a second server (or a tool) on it
  // is refused before anything is written. A caller's own database (tests) is the caller's.
  if (!overrides.database) {
    const owner = await ownEmbeddedDatabase(config, {
      command: 'server',
      port: config.port,
      instead: INSTEAD.server,
    });
    if (owner) app.addHook('onClose', async () => owner.release());
  }
  // The data folder, owner-only (secrets, uploads, the embedded database), then the database.
  await securePrivateDir(config.dataDir, DATA_DIR_SECRETS);
  const database = overrides.database ?? connectDatabase(databaseTarget(config));
  if (!overrides.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  // The secrets the data was written with, checked (or made, on an empty database) before use.
  await guardSecrets(config, database.db);
  // PGlite unpacks its initial files world-writable, whatever the umask: those lose it here.
  if (!overrides.database) await securePrivateDir(config.dataDir, DATA_DIR_SECRETS);
  // A core of a cluster waits as a warm standby: everything but the writing is ready first.
  const warm = config.cluster.role === 'core';
  const clock = overrides.now ?? (() => new Date());
  let lockedAt = clock().getTime();
  if (!warm) {
    await holdWriterLock(app, database, overrides.onWriterLost);
    lockedAt = clock().getTime();
  }
  const demo = config.demo && (await loadDemoCredentials(config.dataDir, config.demoPassword));
  const prepareMarkets = async () => {
    const now = overrides.now?.() ?? new Date();
    if (demo)
      await seedDemoMarket(database.db, app.log, now, config.demoHistoryDays, demo.accounts);
    await listRupee(database.db);
  };
  if (!warm) await prepareMarkets();

  // 2. The shared context and the trading core.
  app.decorate('ctx', await buildContext(app, config, database, overrides, { load: !warm }));
  app.addHook('onClose', () => app.ctx.core.sequencer.idle());
  const { metrics } = app.ctx;
  if (config.metricsPort !== null) {
    const listener = await listenForMetrics(metrics, app.ctx.opsToken, {
      host: config.host,
      port: config.metricsPort,
    });
    app.addHook('onClose', () => listener.close());
  }
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    metrics.request(request.method, route, status, ms);
    // One line per refused, failed or slow request at info; the rest at debug (LOG_LEVEL=debug).
    const level = status >= 400 || ms >= SLOW_REQUEST_MS ? 'info' : 'debug';
    request.log[level]({ method: request.method, url: request.url, status, ms }, 'answered');
    done();
  });
  const market = new MarketData(app.ctx, app.log);
  const alerts = new PriceAlerts(app.ctx, market, app.log);
  const bus = warm && config.cluster.natsUrl ? await startCoreBus(app, config) : null;
  let tookOver: number | null = null;
  if (warm) {
    const follower = new StandbyFollower(database.db);
    metrics.gauge(
      'exchange_standby_replay_lag_seconds',
      "How old a standby's copy of the tables is (since its last read of them); 0 once it writes",
      () => follower.lagSeconds(),
    );
    tookOver = await warmStandby(app, config, database, follower, {
      market,
      alerts,
      statementLines,
      onLost: overrides.onWriterLost,
      followed: (rows) => bus?.standingBy(rows),
    });
    lockedAt = clock().getTime();
    metrics.role = 'core';
    await prepareMarkets();
    // Catching up: what the last writer committed since the standby last looked, read now
    // that no one writes (everything, if following failed).
    const caughtUp = performance.now();
    const tax = { tds: config.tds, now: app.ctx.now() };
    const tail = await follower.catchUp(app.ctx.core, tax, app.log);
    app.log.info({ ms: Math.round(performance.now() - caughtUp), tail }, 'the core caught up');
  }
  // Signed requests are accepted from here on, but none signed before this process could serve
  // (review I4-2: the process it took over from kept its own memory of signatures).
  app.ctx.replays.beginServing(servingFromMs(lockedAt, database.kind === 'postgres'));

  // 3. Background work.
  const stopWatcher = startDepositWatcher(app.ctx, app.log);
  app.addHook('onClose', async () => stopWatcher());
  const stopClaimExpiry = startRupeeClaimExpiry(app.ctx, app.log);
  app.addHook('onClose', async () => stopClaimExpiry());
  const stopScanner = startDepositScanner(app.ctx, app.log);
  app.addHook('onClose', async () => stopScanner());
  const stopReserves = startReservesSchedule(app.ctx, app.log);
  app.addHook('onClose', () => stopReserves());
  const stopPayouts = startPayoutWatcher(app.ctx, app.log);
  app.addHook('onClose', async () => stopPayouts());
  const stopExpiry = startConfirmationExpiry(app.ctx, app.log);
  app.addHook('onClose', async () => stopExpiry());
  const stopRetention = startDocumentRetention(app.ctx, app.log);
  app.addHook('onClose', () => stopRetention());
  noticeFundsEvents(app.ctx);
  monitorFunds(app.ctx, app.log, market);
  app.addHook('onClose', () => amlIdle(app.ctx));
  const stopPurge = startAuthPurge(app.ctx, app.log);
  app.addHook('onClose', async () => stopPurge());
  const feedOptions = {
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy,
    limits: config.socketLimits,
  };
  await startMarketFeed(app, market, feedOptions, bus?.sink);
  await alerts.start();

  // 4. Plugins, the API, the web app (a warm standby registered them before it took over).
  const demoStart = demo ? startDemo(app, config.demoOrdersPerSecond, demo) : null;
  if (!warm) await registerHttp(app, config, { market, alerts, statementLines });
  // A core of a cluster answers its gateways once it is whole: at once, for its callers wait
  // (issue 50). A signed request from before `servingFrom` is refused meanwhile ("sign again").
  bus?.serve();
  if (tookOver !== null)
    app.log.warn({ ms: Math.round(performance.now() - tookOver) }, 'standby took over: serving');
  // The demo's start (its passwords re-checked with scrypt, its accounts funded) is off the
  // takeover's path: after serving.
  await demoStart?.();
  // A single process listens once a fresh signature can be accepted: at most a second or two
  // after the lock, less what starting took (review I4-2).
  if (!bus) await untilClockReads(clock, app.ctx.replays.servingFrom);
}

/** The Fastify instance every app of this process shares the settings of: limits, logs, zod. */
export function createApp(
  config: Config,
  overrides: Pick<AppOverrides, 'logStream'> = {},
): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      ...(overrides.logStream && { stream: overrides.logStream }),
    },
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
    // The longest any request may take to arrive (an upload's); others get less (request-timeouts.ts).
    requestTimeout: config.uploadTimeoutMs,
    connectionTimeout: IDLE_CONNECTION_MS,
    // A path parameter of any length reaches its route (the URL is bounded by Node's 16 KB of
    // headers): sign-in is checked first, then the parameter's own schema (review S1).
    routerOptions: { maxParamLength: MAX_URL_BYTES },
    // What Fastify refuses before any route (a malformed URL, a body it cannot take) leaves in
    // the envelope too.
    frameworkErrors: frameworkFailure,
    // Logged once, when answered, by the hook below: not two info lines per order (issue 33).
    logController: new LogController({ disableRequestLogging: true }),
    // A core of a cluster, and a gateway's reader, log each request under the id the gateway
    // gave it (cluster/).
    ...(config.cluster.role !== 'all' && { requestIdHeader: 'x-request-id' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(requestValidator);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  return app;
}

/** Plugins (errors, security headers, API docs), the API's route groups, the web app. */
export async function registerHttp(app: FastifyInstance, config: Config, services: RouteServices) {
  await app.register(errorHandler);
  await app.register(notices);
  await app.register(security, { config });
  await app.register(requestTimeouts, { config });
  await app.register(docs);
  await registerApi(app, config, services);
  await serveWebApp(app, config);
}

/**
 * A core of a cluster (ROLE=core) gets ready before it holds the writer lock: its memory loaded
 * from what the active core has committed so far, and kept current while it waits (`follower`
 * reads the rows written since it last looked, every second; a failure here is only logged: the
 * catch-up after the lock loads everything again), and its plugins, routes and web app
 * registered. Then it waits at the lock; once it holds it, taking over is catching up with the
 * last second (`buildApp`) and starting the background work, not building the process. Nothing
 * here writes, and nothing is served yet.
 */
async function warmStandby(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  follower: StandbyFollower,
  options: RouteServices & {
    onLost: AppOverrides['onWriterLost'];
    followed: (rows: number) => void;
  },
): Promise<number | null> {
  const tax = { tds: config.tds, now: app.ctx.now() };
  await follower
    .follow()
    .then(() => follower.load(app.ctx.core, tax))
    .catch((err: unknown) => app.log.warn({ err }, 'standby: the early load failed'));
  await registerHttp(app, config, options);
  const following = follower.followWhileWaiting(app.log, options.followed);
  const tookOver = await holdWriterLock(app, database, options.onLost);
  await following.stop();
  return tookOver;
}

/**
 * One trading core per database: see `db/writer-lock.ts`. Resolves once this process holds the
 * lock: with when it took over (performance.now()) if it had to wait, else null.
 */
async function holdWriterLock(
  app: FastifyInstance,
  database: DatabaseHandle,
  onLost: ((error: Error) => void) | undefined,
): Promise<number | null> {
  let waited = false;
  await database.holdWriterLock(() => {
    waited = true;
    app.log.warn(
      'The trading core runs in another process on this database: waiting as a standby until it stops',
    );
  });
  if (waited) app.log.warn('Took over the trading core');
  database.onWriterLost((err) => {
    app.log.fatal({ err }, 'Lost the writer lock: this process must stop writing');
    onLost?.(err);
  });
  return waited ? performance.now() : null;
}
