import type { Metrics } from './lib/metrics.js';
import type { ChainClients } from './chain/chain-clients.js';
import type { HdRoot } from './chain/hd-wallet.js';
import type { Config } from './config/env.js';
import type { Core } from './core/core.js';
import type { DatabaseHandle, Db, DbKind } from './db/connect.js';
import type { AccessTokens } from './lib/access-tokens.js';
import type { DevOutbox } from './mail/dev-outbox.js';
import type { PasswordHasher } from './lib/passwords.js';
import type { MailMessage } from './mail/mailer.js';
import type { ReplayGuard } from './lib/request-signature.js';
import type { ApiKeyCache } from './modules/api-keys/key-cache.js';
import type { AuthLimits } from './modules/auth/limits.js';
import type { CounterStore } from './lib/counter-store.js';
import type { SessionCache } from './modules/sessions/session-cache.js';
import type { SessionEnds } from './modules/sessions/session-ends.js';
import type { Payouts } from './modules/withdrawals/payouts.js';

/**
 * What request handlers and services share; built once at start-up (app.ts). It sits with the
 * modules in the layer order: modules and what is above them may read it, core and below may not.
 */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** PGlite's online backup (modules/ops); null on PostgreSQL. */
  dumpDataDir: DatabaseHandle['dumpDataDir'];
  tokens: AccessTokens;
  /** Key for hashing one-time codes and reset tokens. */
  codeKey: string;
  /** Present only when mail goes to the dev outbox. */
  outbox: DevOutbox | null;
  /**
   * Queues a message, or a function building one (null: none) that runs off the caller's path;
   * failures are logged, never shown, so replies cannot reveal accounts and no action fails
   * because a mail could not be sent.
   */
  sendMail(message: MailMessage | (() => Promise<MailMessage | null>)): void;
  /** Resolves once every queued message is sent or has failed (shutdown, tests). */
  mailIdle(): Promise<void>;
  now(): Date;
  /** The single writer and what it owns. */
  core: Core;
  /** Derives each user's deposit addresses. */
  hd: HdRoot;
  /** Each network's JSON-RPC client, once it has shown it serves the expected chain. */
  chains: ChainClients;
  /** The hot wallets that pay withdrawals out, where configured (modules/withdrawals). */
  payouts: Payouts;
  /** Authorises operator tools on this machine (modules/ops). */
  opsToken: string;
  /** Live sessions and verification status, briefly remembered (modules/sessions). */
  sessions: SessionCache;
  /** Announces logouts and password resets to the realtime feed (modules/sessions). */
  sessionEnds: SessionEnds;
  /** Password hashing on the request path, a few at a time (lib/passwords.ts). */
  passwords: PasswordHasher;
  /** Per-account limits on login and one-time codes (modules/auth/limits.ts). */
  authLimits: AuthLimits;
  /** Abuse counters of other modules (identity numbers tried per user: kyc/service.ts). */
  counters: CounterStore;
  /** API keys recently used, and who hears of a revocation (modules/api-keys). */
  apiKeys: ApiKeyCache;
  /** Signatures of API-key requests seen within the receive window. */
  replays: ReplayGuard;
  /** The process's Prometheus metrics (lib/metrics.ts), served to operators by modules/ops. */
  metrics: Metrics;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
