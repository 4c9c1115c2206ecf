import path from 'node:path';
import type { Network } from '@exchange/contracts';
import {
  EVM_NETWORKS,
  expectedChainIdFor,
  requiredConfirmationsFor,
  rpcUrlFor,
} from '../chain/networks.js';

export type NodeEnv = 'production' | 'development' | 'test';

export interface RateLimitConfig {
  /** Requests per minute per client address, across the API. */
  globalMax: number;
  /** Requests per minute per client address on the public /auth calls. */
  authMax: number;
}

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  dataDir: string;
  /** null: embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** null: mail goes to the log and the dev outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** null: generated once and kept in `dataDir`. */
  jwtSecret: string | null;
  corsOrigins: string[];
  rateLimit: RateLimitConfig;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** Seeds and runs the demo market (apps/server/src/demo): on with `npm start`, off in production and tests. */
  demo: boolean;
  /** The demo market maker's budget: orders placed or cancelled per second. */
  demoOrdersPerSecond: number;
  /** Days of one-minute candles seeded behind each demo pair. */
  demoHistoryDays: number;
  /** Decision D18: deposits, withdrawals and orders need approved identity verification. */
  kycRequired: boolean;
  /**
   * Per network: the JSON-RPC endpoint (null: deposits wait for an admin), the chain id it must
   * serve, and the confirmations required.
   */
  chains: Record<Network, { rpcUrl: string | null; chainId: number; confirmations: number }>;
  /** The exchange's deposit mnemonic; null: a development one is generated in `dataDir`. */
  hdMnemonic: string | null;
  /** How often pending on-chain deposits are checked again. */
  depositRecheckMs: number;
  /** Set: Socket.IO fans out through Redis, so API and feed processes can scale out. */
  redisUrl: string | null;
  logLevel: string;
  webDist: string | null;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Reads the environment once; every other module receives the resulting object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const production = nodeEnv === 'production';
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const cwd = env.INIT_CWD ?? process.cwd();
  const smtpUrl = env.SMTP_URL || null;
  if (production && !smtpUrl) throw new Error('SMTP_URL is required in production');
  if (production && !env.HD_MNEMONIC) throw new Error('HD_MNEMONIC is required in production');
  return {
    nodeEnv,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ? path.resolve(cwd, env.DATA_DIR) : path.join(REPO_ROOT, 'data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Exchange <no-reply@exchange.local>',
    jwtSecret: env.JWT_SECRET || null,
    corsOrigins:
      env.CORS_ORIGINS !== undefined ? list(env.CORS_ORIGINS) : production ? [] : DEV_ORIGINS,
    rateLimit: {
      globalMax: Number(env.RATE_LIMIT_MAX ?? 600),
      authMax: Number(env.AUTH_RATE_LIMIT_MAX ?? 30),
    },
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    demo:
      env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : nodeEnv === 'development',
    demoOrdersPerSecond: Number(env.DEMO_MM_ORDERS_PER_SECOND ?? 20),
    demoHistoryDays: Number(env.DEMO_HISTORY_DAYS ?? 3),
    kycRequired: env.KYC_REQUIRED !== '0' && env.KYC_REQUIRED !== 'false',
    chains: Object.fromEntries(
      EVM_NETWORKS.map((n) => [
        n,
        {
          rpcUrl: rpcUrlFor(env, n),
          chainId: expectedChainIdFor(env, n),
          confirmations: requiredConfirmationsFor(env, n),
        },
      ]),
    ) as Config['chains'],
    hdMnemonic: env.HD_MNEMONIC || null,
    depositRecheckMs: Number(env.DEPOSIT_RECHECK_MS ?? 15_000),
    redisUrl: env.REDIS_URL || null,
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: env.WEB_DIST === '' ? null : path.resolve(cwd, env.WEB_DIST ?? defaultWebDist()),
  };
}

function parseNodeEnv(value: string | undefined): NodeEnv {
  return value === 'production' || value === 'test' ? value : 'development';
}

function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function defaultWebDist(): string {
  return path.join(REPO_ROOT, 'apps/web/dist');
}
