import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ChainClients } from './chain/chain-clients.js';
import { loadHdRoot } from './chain/hd-wallet.js';
import type { Config } from './config/env.js';
import type { AppContext } from './context.js';
import { startCore } from './core/core.js';
import type { DatabaseHandle } from './db/connect.js';
import { DEMO_CREDENTIALS_FILE } from './demo/credentials.js';
import { AccessTokens } from './lib/access-tokens.js';
import { MemoryCounterStore } from './lib/counter-store.js';
import { Metrics, type MetricsRole } from './lib/metrics.js';
import { PasswordHasher } from './lib/passwords.js';
import { ReplayGuard, replayRetentionMs } from './lib/request-signature.js';
import { ApiKeyCache } from './modules/api-keys/key-cache.js';
import { loadOrCreateSecret, OPS_TOKEN_PATH } from './lib/secrets.js';
import { deriveServerKeys } from './lib/server-keys.js';
import { DevOutbox } from './mail/dev-outbox.js';
import type { Mailer, MailMessage } from './mail/mailer.js';
import { createSmtpMailer } from './mail/smtp-mailer.js';
import { AuthLimits } from './modules/auth/limits.js';
import { IDENTITY_KEY_FILE } from './lib/identity-vault.js';
import { SessionCache } from './modules/sessions/session-cache.js';
import { SessionEnds } from './modules/sessions/session-ends.js';
import { SESSION_TTL_SECONDS } from './modules/sessions/service.js';
import { Payouts } from './modules/withdrawals/payouts.js';
import { withAntiPhishingCode } from './mail/layout.js';
import { antiPhishingCodeOf } from './modules/users/service.js';

const JWT_SECRET_FILE = 'jwt-secret';

/** What in DATA_DIR is a secret: start-up refuses them if other accounts could read them. */
export const DATA_DIR_SECRETS = [
  JWT_SECRET_FILE,
  IDENTITY_KEY_FILE,
  OPS_TOKEN_PATH[0],
  DEMO_CREDENTIALS_FILE,
] as const;

export interface ContextOverrides {
  mailer?: Mailer;
  now?: () => Date;
}

/** The services every module shares, the trading core among them (loaded from the database). */
export async function buildContext(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  overrides: ContextOverrides,
  /**
   * `load: false`: the core's memory is loaded later (a warm standby, `app.ts`); `metrics`: the
   * process's own (a gateway's, whose reader this context is), else made here for the role.
   */
  options: { load: boolean; metrics?: Metrics } = { load: true },
): Promise<AppContext> {
  const keys = deriveServerKeys(
    config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, JWT_SECRET_FILE)),
  );
  const now = overrides.now ?? (() => new Date());
  const { mailer, outbox } = createMailer(app, config, overrides);
  const pending = new Set<Promise<unknown>>();
  // A message, or a function that builds it (null: nothing to send) off the caller's path; each
  // opens with its recipient's anti-phishing code when they set one.
  const stamped = async (built: MailMessage) =>
    withAntiPhishingCode(built, await antiPhishingCodeOf(database.db, built.to));
  const sendMail = (message: MailMessage | (() => Promise<MailMessage | null>)) => {
    const sending = (typeof message === 'function' ? message() : Promise.resolve(message))
      .then(async (built) => built && mailer.send(await stamped(built)))
      .catch((err: unknown) => app.log.error({ err }, 'mail not sent'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  const mailIdle = async () => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  app.addHook('onClose', async () => {
    await mailIdle();
    await mailer.close();
  });
  const [opsDir, opsFile] = OPS_TOKEN_PATH;
  const metrics = options.metrics ?? new Metrics(metricsRole(config.cluster.role));
  database.pools.onWait(metrics.databasePools(() => database.pools.readings()));
  const core = await startCore(
    database,
    app.log,
    now,
    config.tds,
    metrics,
    options.load,
    config.orderCaps,
  );
  if (metrics.hasCore)
    metrics.gauge(
      'exchange_sequencer_queue_depth',
      'Commands waiting for the single writer',
      () => core.sequencer.waiting,
    );
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    dumpDataDir: database.dumpDataDir,
    tokens: new AccessTokens(keys.tokenKey, SESSION_TTL_SECONDS),
    codeKey: keys.codeKey,
    outbox,
    sendMail,
    mailIdle,
    now,
    core,
    hd: await loadHdRoot(config.dataDir, { xpub: config.hdXpub, mnemonic: config.hdMnemonic }),
    chains: new ChainClients(config.chains, app.log, now),
    payouts: await Payouts.load(config, database.db, app.log, metrics.registry),
    sessions: new SessionCache(),
    sessionEnds: new SessionEnds(),
    passwords: new PasswordHasher(config.passwordHashing),
    authLimits: new AuthLimits(new MemoryCounterStore(), config.rateLimit.resetGuessesPerHour),
    counters: new MemoryCounterStore(),
    apiKeys: new ApiKeyCache(),
    replays: new ReplayGuard(replayRetentionMs(config.apiRecvWindowMs)),
    opsToken: await loadOrCreateSecret(path.join(config.dataDir, opsDir), opsFile),
    metrics,
  };
}

/** A test's mailer, else SMTP when configured, else the dev outbox (never in production). */
function createMailer(app: FastifyInstance, config: Config, overrides: ContextOverrides) {
  if (overrides.mailer) return { mailer: overrides.mailer, outbox: null };
  if (config.smtpUrl)
    return { mailer: createSmtpMailer(config.smtpUrl, config.mailFrom), outbox: null };
  const dir = config.nodeEnv === 'test' ? null : path.join(config.dataDir, 'outbox');
  const outbox = new DevOutbox(dir, app.log);
  return { mailer: outbox, outbox };
}

/** The `role` label of a process's metrics; a core of a cluster starts as the standby. */
const metricsRole = (role: Config['cluster']['role']): MetricsRole =>
  role === 'all' ? 'single' : role === 'core' ? 'standby' : 'gateway';
