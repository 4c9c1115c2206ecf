import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env.js';
import type { AppContext } from './context.js';
import { connectDatabase, databaseTarget, type DatabaseHandle } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { AccessTokens } from './lib/access-tokens.js';
import { LOG_REDACT_PATHS } from './lib/log-redaction.js';
import { loadOrCreateSecret } from './lib/secrets.js';
import { DevOutbox } from './mail/dev-outbox.js';
import type { Mailer, MailMessage } from './mail/mailer.js';
import { createSmtpMailer } from './mail/smtp-mailer.js';
import { loadOrCreateHdRoot } from './chain/hd-wallet.js';
import { startCore } from './core/core.js';
import { adminFundsRoutes } from './modules/admin/funds-routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { SessionCache } from './modules/auth/session-cache.js';
import { opsRoutes } from './modules/ops/routes.js';
import { SESSION_TTL_SECONDS } from './modules/auth/service.js';
import { sessionRoutes } from './modules/auth/session-routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { walletRoutes } from './modules/wallets/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { adminKycRoutes } from './modules/kyc/admin-routes.js';
import { verificationRoutes } from './modules/kyc/routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { favoriteRoutes, marketRoutes } from './modules/market/routes.js';
import { startMarketFeed } from './feed/market-feed.js';
import { seedDemoMarket } from './demo/seed.js';
import { startDemo } from './demo/start-demo.js';
import { startDepositWatcher } from './modules/deposits/watcher.js';
import { authenticate } from './plugins/authenticate.js';
import { docs } from './plugins/docs.js';
import { errorHandler, failure } from './plugins/error-handler.js';
import { requireAdmin } from './plugins/require-admin.js';
import { security } from './plugins/security.js';

export interface AppOverrides {
  /** A database the caller owns (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
}

/** Builds the whole service; tests drive it with `app.inject()`, server.ts only listens. */
export async function buildApp(
  config: Config,
  overrides: AppOverrides = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      ...(overrides.logStream && { stream: overrides.logStream }),
    },
    bodyLimit: 100 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = overrides.database ?? connectDatabase(databaseTarget(config));
  if (!overrides.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  // Before the core starts, so that it loads the demo pairs and their last trade ids.
  if (config.demo)
    await seedDemoMarket(
      database.db,
      app.log,
      overrides.now?.() ?? new Date(),
      config.demoHistoryDays,
    );

  app.decorate('ctx', await createContext(app, config, database, overrides));
  // Registered after the database's onClose hook, so it runs first: acknowledged work is flushed.
  app.addHook('onClose', () => app.ctx.core.sequencer.idle());
  const stopWatcher = startDepositWatcher(app.ctx, app.log);
  app.addHook('onClose', async () => stopWatcher());
  app.decorateRequest('auth', null);
  const market = await startMarketFeed(app, { redisUrl: config.redisUrl });
  // After the market data: it hears the market maker's trades from the first one.
  if (config.demo) await startDemo(app, config.demoOrdersPerSecond);

  await app.register(errorHandler);
  await app.register(security, { config });
  await app.register(docs);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(marketRoutes, { market });
      await api.register(async (secured) => {
        secured.addHook('onRequest', authenticate);
        await secured.register(sessionRoutes, { prefix: '/auth' });
        await secured.register(userRoutes, { prefix: '/users' });
        await secured.register(verificationRoutes, { prefix: '/users/verification' });
        await secured.register(fileRoutes, { prefix: '/files' });
        await secured.register(walletRoutes);
        await secured.register(depositRoutes);
        await secured.register(orderRoutes);
        await secured.register(favoriteRoutes);
        await secured.register(
          async (admin) => {
            admin.addHook('onRequest', requireAdmin);
            await admin.register(adminFundsRoutes);
            await admin.register(auditRoutes);
            await admin.register(adminKycRoutes, { prefix: '/kyc' });
          },
          { prefix: '/admin' },
        );
      });
      await api.register(opsRoutes, { prefix: '/ops' });
      if (config.nodeEnv !== 'production') await api.register(devRoutes, { prefix: '/dev' });
    },
    { prefix: '/api/v1' },
  );
  await serveWeb(app, config);
  return app;
}

async function createContext(
  app: FastifyInstance,
  config: Config,
  database: DatabaseHandle,
  overrides: AppOverrides,
): Promise<AppContext> {
  const secret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
  const outbox =
    overrides.mailer || config.smtpUrl
      ? null
      : new DevOutbox(
          config.nodeEnv === 'test' ? null : path.join(config.dataDir, 'outbox'),
          app.log,
        );
  const mailer =
    overrides.mailer ?? outbox ?? createSmtpMailer(config.smtpUrl ?? '', config.mailFrom);
  const now = overrides.now ?? (() => new Date());
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(pending);
    await mailer.close();
  });
  const sendMail = (message: MailMessage) => {
    const sending = mailer
      .send(message)
      .catch((err: unknown) => app.log.error({ err, to: message.to }, 'mail not sent'))
      .finally(() => pending.delete(sending));
    pending.add(sending);
  };
  return {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: new AccessTokens(secret, SESSION_TTL_SECONDS),
    codeKey: createHmac('sha256', secret).update('one-time-codes').digest('base64url'),
    outbox,
    sendMail,
    now,
    core: await startCore(database, app.log, now),
    hd: await loadOrCreateHdRoot(config.dataDir, config.hdMnemonic),
    sessions: new SessionCache(),
    opsToken: await loadOrCreateSecret(path.join(config.dataDir, 'secrets'), 'ops-token'),
  };
}

/** The built web app, with unknown non-API paths falling back to index.html. */
async function serveWeb(app: FastifyInstance, config: Config) {
  const root = config.webDist;
  const hasWeb = root !== null && fs.existsSync(root);
  if (hasWeb) await app.register(fastifyStatic, { root, wildcard: false });
  app.setNotFoundHandler((request, reply) =>
    hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')
      ? reply.sendFile('index.html')
      : reply.code(404).send(failure(404, 'NOT_FOUND', 'Not found')),
  );
}
