import type { Config } from './config/env.js';
import type { HdRoot } from './chain/hd-wallet.js';
import type { Core } from './core/core.js';
import type { SessionCache } from './modules/auth/session-cache.js';
import type { Db, DbKind } from './db/connect.js';
import type { AccessTokens } from './lib/access-tokens.js';
import type { DevOutbox } from './mail/dev-outbox.js';
import type { MailMessage } from './mail/mailer.js';

/** What request handlers and services share; built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DbKind;
  tokens: AccessTokens;
  /** Key for hashing one-time codes and reset tokens. */
  codeKey: string;
  /** Present only when mail goes to the dev outbox. */
  outbox: DevOutbox | null;
  /** Queues a message; failures are logged, never shown, so replies cannot reveal accounts. */
  sendMail(message: MailMessage): void;
  now(): Date;
  /** The single writer and what it owns. */
  core: Core;
  /** Derives each user's deposit addresses. */
  hd: HdRoot;
  /** Authorises operator tools on this machine (modules/ops). */
  opsToken: string;
  /** Live sessions and verification status, briefly remembered (modules/auth/session-cache.ts). */
  sessions: SessionCache;
}

export interface AuthInfo {
  userId: string;
  sessionId: string;
  role: 'user' | 'admin';
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
  }
}
