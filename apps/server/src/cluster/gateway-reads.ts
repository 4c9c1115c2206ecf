import type { FastifyInstance } from 'fastify';
import { createApp, registerHttp } from '../app.js';
import { buildContext } from '../build-context.js';
import type { Config } from '../config/env.js';
import type { Metrics } from '../lib/metrics.js';
import { loadReferenceData } from '../core/load.js';
import type { DatabaseHandle } from '../db/connect.js';
import { servingFromMs } from '../lib/request-signature.js';
import { MarketData } from '../modules/market/market-data.js';
import * as statementLines from '../modules/bank-transfers/deposit-lines.js';
import { PriceAlerts } from '../modules/price-alerts/service.js';

/**
 * The reads a gateway answers from the database itself: GETs that need no writer (histories,
 * order and trade lists, profiles, sessions, candles, tax reports). Each is the same route as the
 * core's, so its answer is the same; every other call goes to the core.
 */
const GATEWAY_READS: RegExp[] = [
  /^\/api\/v1\/users$/,
  /^\/api\/v1\/auth\/(logins|sessions)$/,
  /^\/api\/v1\/wallets\/(deposit|withdraw)\/history$/,
  /^\/api\/v1\/orders\/spot$/,
  /^\/api\/v1\/orders\/spot\/trades$/,
  /^\/api\/v1\/symbols\/[^/]+\/chart$/,
  /^\/api\/v1\/tax\/(deductions|statement)$/,
];

/**
 * Whether a gateway answers this call from the database: a GET of `GATEWAY_READS`, unless it is
 * signed with an API key. Signed calls all go to the core, whose memory of signatures is the
 * one that refuses a replay (lib/request-signature.ts); each gateway's would know only its own.
 */
export function isGatewayRead(method: string, url: string, signed: boolean): boolean {
  if ((method !== 'GET' && method !== 'HEAD') || signed) return false;
  const path = url.split('?')[0] ?? '';
  return GATEWAY_READS.some((read) => read.test(path));
}

/** How often the reader reloads the tokens and pairs (a listing shows within this). */
const REFERENCE_RELOAD_MS = 10_000;
/** How often it tries while it has none (a gateway may start before the first core migrated). */
const REFERENCE_RETRY_MS = 1000;

export interface GatewayReader {
  app: FastifyInstance;
  /** Whether it has the tokens and pairs; until then the gateway sends its reads to the core. */
  loaded(): boolean;
  /** Loads the tokens and pairs again now (the core's pairs changed: a listing). */
  reload(): Promise<void>;
}

/**
 * The app a gateway answers its reads with: the single server's routes, plugins and checks
 * (sign-in, API keys, rate limits, validation) over the gateway's own database pool, with the
 * context's core holding only tokens and pairs (reloaded every 10 s): no writer lock, no
 * background work, no feed. The gateway hands it only `GATEWAY_READS`, through `inject`, and
 * reloads it when the core's pairs change (its ping says which there are).
 */
export async function buildGatewayReader(
  config: Config,
  database: DatabaseHandle,
  /** The gateway's own: its order entry and pools count there, under role `gateway`. */
  metrics: Metrics,
  logStream?: { write(line: string): void },
): Promise<GatewayReader> {
  const app = createApp(config, { logStream });
  const readerConfig = withoutSigningKeys(config);
  const options = { load: false, metrics };
  app.decorate('ctx', await buildContext(app, readerConfig, database, {}, options));
  const { core } = app.ctx;
  let loadedAt = 0;
  const reload = () =>
    loadReferenceData(database.db, core.state, core.tokens).then(
      () => void (loadedAt = Date.now()),
      (err: unknown) => app.log.warn({ err }, 'reader: tokens and pairs not loaded'),
    );
  await reload();
  const timer = setInterval(() => {
    if (Date.now() - loadedAt >= (loadedAt ? REFERENCE_RELOAD_MS : 0)) void reload();
  }, REFERENCE_RETRY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  const market = new MarketData(app.ctx, app.log);
  const alerts = new PriceAlerts(app.ctx, market, app.log);
  await registerHttp(app, readerConfig, { market, alerts, statementLines });
  await app.ready();
  // Signed calls are the core's (`isGatewayRead`); one reaching the reader anyway finds a memory
  // of signatures that accepts nothing signed before the reader started.
  app.ctx.replays.beginServing(servingFromMs(Date.now(), true));
  return { app, loaded: () => loadedAt > 0, reload };
}

/**
 * The gateway's settings for its reader, without what signs money out: no hot wallet (no chain
 * endpoint to pay through, so no key is kept) and, where the xpub derives the deposit addresses,
 * no mnemonic. A gateway faces the internet; the keys stay with the core.
 */
function withoutSigningKeys(config: Config): Config {
  const chains = Object.fromEntries(
    Object.entries(config.chains).map(([network, chain]) => [
      network,
      { ...chain, rpcUrl: null, hotWalletKey: null },
    ]),
  ) as Config['chains'];
  return { ...config, chains, hdMnemonic: config.hdXpub ? null : config.hdMnemonic };
}
