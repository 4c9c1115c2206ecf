import path from 'node:path';
import { passwordSchema, type IdentityLevel, type Network } from '@exchange/contracts';
import {
  EVM_NETWORKS,
  expectedChainIdFor,
  hotWalletKeyFor,
  requiredConfirmationsFor,
  rpcUrlFor,
} from '../chain/networks.js';
import type { HashLimits } from '../lib/passwords.js';
import { checkJwtSecret, passwordHashCost } from './secret-policy.js';
import { clusterConfig, type ClusterConfig } from './cluster-config.js';
import {
  decimalSetting,
  positive,
  usdtInrBounds,
  usdtUnits,
  type UsdtInrBounds,
} from './amount-settings.js';
import { rupeeConfig, type RupeeConfig } from './rupee-config.js';
import { gstConfig, type GstConfig } from './gst-config.js';
import { amlConfig } from './aml-config.js';
import { custodyConfig, type CustodyConfig } from './custody-config.js';
import { signerConfig, type SignerConfig } from './signer-config.js';
import { adminSecondFactorOn } from './admin-second-factor.js';
import { identityKeyFileOf } from './identity-key-file.js';
import { list } from './list-setting.js';
import { parseTrustProxy } from './trust-proxy.js';
import { webAuthnConfig, type WebAuthnConfig } from './webauthn-config.js';

export type NodeEnv = 'production' | 'development' | 'test';

export interface RateLimitConfig {
  /** Requests per minute per client address, across the API. */
  globalMax: number;
  /** Requests per minute per client address on the public /auth calls. */
  authMax: number;
  /** Password-reset codes tried per hour across all accounts (review M2). */
  resetGuessesPerHour: number;
  /** Binance's limits on /api/v3 and /sapi instead of `globalMax` (`modules/binance/usage.ts`). */
  binance: { weightPerMinute: number; ordersPer10s: number; ordersPerDay: number };
}

export interface ChainConfig {
  rpcUrl: string | null;
  chainId: number;
  confirmations: number;
  /** `<NETWORK>_HOT_WALLET_KEY`; null: the key file in DATA_DIR/secrets, if any, is used. */
  hotWalletKey: string | null;
}

export type { RupeeConfig } from './rupee-config.js';

export interface TdsConfig {
  /** The rate for a user with a PAN on record, a fraction: "0.01" is 1%. */
  rate: string;
  /** The rate without a PAN on record (section 206AA): "0.2". */
  noPanRate: string;
  /** Per user and financial year: fills are charged once what the user received exceeds it (INR). */
  thresholdInr: string;
  /** The USDT/INR reference rate in force until an admin sets one. */
  usdtInrRate: string;
  /** GST on the exchange's fees, a fraction included in them (`GST_RATE`, `config/gst-config.ts`). */
  gstRate: string;
  /** What bounds a rate change, and who may make it (review N4-H2). */
  usdtInrBounds: UsdtInrBounds;
}

export interface Config {
  nodeEnv: NodeEnv;
  port: number;
  host: string;
  /**
   * METRICS_PORT: a second listener, on HOST, that serves only this process's metrics
   * (`/api/v1/ops/metrics`, operator token) whatever its role, a standby's included; null: none.
   */
  metricsPort: number | null;
  dataDir: string;
  /**
   * The identity key's file (review L13), kept apart from the data and its backups (a secret
   * store's mount, systemd's credentials); null: `dataDir/identity-key`, outside production only.
   */
  identityKeyFile: string | null;
  /** null: embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** null: mail goes to the log and the dev outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** null: generated once and kept in `dataDir`. */
  jwtSecret: string | null;
  corsOrigins: string[];
  rateLimit: RateLimitConfig;
  /**
   * The reverse proxies (addresses, CIDRs or proxy-addr's names such as `loopback`) whose
   * X-Forwarded-For is believed; false: none, the socket's address is the client's.
   */
  trustProxy: string[] | false;
  /** scrypt runs at once and waiting on the request path (lib/passwords.ts). */
  passwordHashing: HashLimits;
  /** Seeds and runs the demo market (apps/server/src/demo): on with `npm start`, off in tests, refused in production. */
  demo: boolean;
  /** The demo user's and admin's password; null: generated once per data folder (demo/credentials.ts). */
  demoPassword: string | null;
  /** The demo market maker's budget: orders placed or cancelled per second. */
  demoOrdersPerSecond: number;
  /** Days of one-minute candles seeded behind each demo pair. */
  demoHistoryDays: number;
  /** Decision D18: deposits, withdrawals and orders need approved identity verification. */
  kycRequired: boolean;
  /** TDS under section 194S (core/tax): decimal strings, checked here, turned into units by the core. */
  tds: TdsConfig;
  rupee: RupeeConfig;
  gst: GstConfig;
  /**
   * Per network: the JSON-RPC endpoint (null: deposits wait for an admin), the chain id it must
   * serve, and the confirmations required.
   */
  chains: Record<Network, ChainConfig>;
  /** Cold, gas and hot addresses per network, the hot wallet's targets, the sweeps' dust. */
  custody: CustodyConfig;
  /** The hot wallet's signer: its own process (SIGNER_URL) or, outside production, this one. */
  signer: SignerConfig;
  /** Anti-money-laundering: the STR's reporting entity (config/aml-config.ts). */
  aml: ReturnType<typeof amlConfig>;
  /**
   * Four-eyes rule (review M4), in USDT ledger units (10^-18): a withdrawal worth more needs two
   * different admins' approval, as does a deposit confirmed by hand (without the chain's word).
   */
  withdrawalSecondApprovalUsdt: bigint;
  /** What a user may withdraw in 24 h by identity level, in USDT ledger units (rupees aside). */
  withdrawalDailyLimitUsdt: Record<IdentityLevel, bigint>;
  depositSecondApprovalUsdt: bigint;
  /** A coin's USDT pair values a review only after this much USDT traded in 24 h (ledger units). */
  reviewMinVolumeUsdt: bigint;
  /** What one admin may approve alone in 24 h, deposits and withdrawals together (ledger units). */
  adminSoloDailyUsdt: bigint;
  /** Per-user caps on a pair (review N4-H3): open orders, and untriggered stops among them. */
  orderCaps: { openOrdersPerPair: number; stopsPerPair: number };
  /** How often hot-wallet payouts on their way are checked on chain (and sent again if lost). */
  payoutRecheckMs: number;
  /** The account-level extended public key deposit addresses derive from (required in production). */
  hdXpub: string | null;
  /** Development only: a deposit mnemonic; with neither set, one is generated in `dataDir`. */
  hdMnemonic: string | null;
  /** How often pending on-chain deposits are checked again. */
  depositRecheckMs: number;
  /** How often the deposit scanner reads new blocks of each network with an RPC endpoint. */
  depositScanMs: number;
  /** How often a proof of reserves is published on its own (0: only when an admin runs one). */
  reservesSnapshotMs: number;
  /** Set: Socket.IO fans out through Redis, so API and feed processes can scale out. */
  redisUrl: string | null;
  /** How long a request (headers and body) may take to arrive; uploads get `uploadTimeoutMs`. */
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  /** Open realtime sockets per client address and per signed-in user, in this process. */
  socketLimits: { perAddress: number; perUser: number; total: number; handshakesPerMinute: number };
  /** How far an API-key request's timestamp may be from the server's clock (and how long signatures are remembered). */
  apiRecvWindowMs: number;
  /**
   * The cooling-off period after a security change (a second factor added, changed or removed, a
   * password reset, an unlock): withdrawals and withdraw-permission API keys wait this long.
   */
  securityHoldMs: number;
  /** A session unused this long ends, as one past its 24 h expiry does (review L6). */
  sessionIdleMs: number;
  /** The WebAuthn relying party: passkeys are bound to `rpId` and accepted from `origins` only. */
  webauthn: WebAuthnConfig;
  /** Admins must have an authenticator app or a passkey before any other admin call. */
  adminSecondFactor: boolean;
  logLevel: string;
  webDist: string | null;
  /** ROLE and the broker that joins gateways to the core (cluster-config.ts). */
  cluster: ClusterConfig;
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Reads the environment once; every other module receives the resulting object. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = parseNodeEnv(env.NODE_ENV);
  const production = nodeEnv === 'production';
  const gst = gstConfig(env, production);
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const cwd = env.INIT_CWD ?? process.cwd();
  const smtpUrl = env.SMTP_URL || null;
  if (production && !smtpUrl) throw new Error('SMTP_URL is required in production');
  const demo =
    env.DEMO !== undefined ? env.DEMO === '1' || env.DEMO === 'true' : nodeEnv === 'development';
  if (production && demo) {
    throw new Error('DEMO cannot run with NODE_ENV=production: it seeds accounts anyone can learn');
  }
  if (production && env.HD_MNEMONIC) {
    throw new Error(
      'HD_MNEMONIC must stay offline in production: give HD_XPUB (npm run admin -- xpub makes it)',
    );
  }
  if (production && !env.HD_XPUB) throw new Error('HD_XPUB is required in production');
  if (env.HD_XPUB && env.HD_MNEMONIC) throw new Error('Give HD_XPUB or HD_MNEMONIC, not both');
  if (env.JWT_SECRET) checkJwtSecret(env.JWT_SECRET);
  const dataDir = env.DATA_DIR ? path.resolve(cwd, env.DATA_DIR) : path.join(REPO_ROOT, 'data');
  const identityKeyFile = identityKeyFileOf(env, cwd, dataDir, production);
  return {
    nodeEnv,
    port: Number(env.PORT ?? 3000),
    metricsPort: metricsPort(env.METRICS_PORT),
    // Outside production only this machine: a development server carries the dev outbox (N-L4).
    host: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    identityKeyFile,
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl,
    mailFrom: env.MAIL_FROM ?? 'Exchange <no-reply@exchange.local>',
    jwtSecret: env.JWT_SECRET || null,
    corsOrigins:
      env.CORS_ORIGINS !== undefined ? list(env.CORS_ORIGINS) : production ? [] : DEV_ORIGINS,
    rateLimit: {
      globalMax: Number(env.RATE_LIMIT_MAX ?? 600),
      authMax: Number(env.AUTH_RATE_LIMIT_MAX ?? 30),
      resetGuessesPerHour: Number(env.RESET_CODE_GUESSES_PER_HOUR ?? 1000),
      binance: {
        weightPerMinute: Number(env.BINANCE_WEIGHT_PER_MINUTE ?? 6000),
        ordersPer10s: Number(env.BINANCE_ORDERS_PER_10S ?? 100),
        ordersPerDay: Number(env.BINANCE_ORDERS_PER_DAY ?? 200_000),
      },
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    passwordHashing: {
      concurrency: Number(env.PASSWORD_HASH_CONCURRENCY ?? 2),
      queue: Number(env.PASSWORD_HASH_QUEUE ?? 20),
      cost: passwordHashCost(env.PASSWORD_HASH_COST, nodeEnv),
    },
    demo,
    demoPassword: env.DEMO_PASSWORD ? demoPassword(env.DEMO_PASSWORD) : null,
    demoOrdersPerSecond: Number(env.DEMO_MM_ORDERS_PER_SECOND ?? 20),
    demoHistoryDays: Number(env.DEMO_HISTORY_DAYS ?? 3),
    kycRequired: env.KYC_REQUIRED !== '0' && env.KYC_REQUIRED !== 'false',
    rupee: rupeeConfig(env, production),
    tds: {
      rate: decimalSetting(env, 'TDS_RATE', '0.01', true),
      noPanRate: decimalSetting(env, 'TDS_RATE_NO_PAN', '0.2', true),
      thresholdInr: decimalSetting(env, 'TDS_THRESHOLD_INR', '0'),
      usdtInrRate: decimalSetting(env, 'USDT_INR_RATE', '88'),
      usdtInrBounds: usdtInrBounds(env, '88'),
      gstRate: gst.rate,
    },
    gst,
    chains: Object.fromEntries(
      EVM_NETWORKS.map((n) => [
        n,
        {
          rpcUrl: rpcUrlFor(env, n),
          chainId: expectedChainIdFor(env, n),
          confirmations: requiredConfirmationsFor(env, n),
          hotWalletKey: hotWalletKeyFor(env, n),
        },
      ]),
    ) as Config['chains'],
    custody: custodyConfig(env),
    signer: signerConfig(env),
    aml: amlConfig(env),
    hdXpub: env.HD_XPUB?.trim() || null,
    hdMnemonic: env.HD_MNEMONIC || null,
    depositRecheckMs: Number(env.DEPOSIT_RECHECK_MS ?? 15_000),
    depositScanMs: positive('DEPOSIT_SCAN_MS', env.DEPOSIT_SCAN_MS, 5_000),
    reservesSnapshotMs: reservesHours(env.RESERVES_SNAPSHOT_HOURS) * 3_600_000,
    withdrawalSecondApprovalUsdt: usdtUnits(env, 'WITHDRAWAL_SECOND_APPROVAL_USDT', '1000'),
    withdrawalDailyLimitUsdt: {
      basic: usdtUnits(env, 'WITHDRAWAL_DAILY_LIMIT_USDT_BASIC', '2000'),
      verified: usdtUnits(env, 'WITHDRAWAL_DAILY_LIMIT_USDT_VERIFIED', '100000'),
    },
    depositSecondApprovalUsdt: usdtUnits(env, 'DEPOSIT_SECOND_APPROVAL_USDT', '1000'),
    reviewMinVolumeUsdt: usdtUnits(env, 'REVIEW_MIN_VOLUME_USDT', '10000'),
    adminSoloDailyUsdt: usdtUnits(env, 'ADMIN_SOLO_DAILY_USDT', '10000'),
    orderCaps: {
      openOrdersPerPair: wholeCount('MAX_OPEN_ORDERS_PER_PAIR', env.MAX_OPEN_ORDERS_PER_PAIR, 200),
      stopsPerPair: wholeCount('MAX_STOPS_PER_PAIR', env.MAX_STOPS_PER_PAIR, 5),
    },
    payoutRecheckMs: Number(env.PAYOUT_RECHECK_MS ?? 15_000),
    redisUrl: env.REDIS_URL || null,
    apiRecvWindowMs: Number(env.API_RECV_WINDOW_MS ?? 5_000),
    securityHoldMs: positive('SECURITY_HOLD_HOURS', env.SECURITY_HOLD_HOURS, 24) * 3_600_000,
    sessionIdleMs: positive('SESSION_IDLE_MINUTES', env.SESSION_IDLE_MINUTES, 30) * 60_000,
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_MS ?? 30_000),
    uploadTimeoutMs: Number(env.UPLOAD_TIMEOUT_MS ?? 120_000),
    socketLimits: {
      perAddress: Number(env.FEED_MAX_SOCKETS_PER_ADDRESS ?? 50),
      perUser: Number(env.FEED_MAX_SOCKETS_PER_USER ?? 10),
      total: Number(env.FEED_MAX_SOCKETS ?? 20_000),
      handshakesPerMinute: Number(env.FEED_HANDSHAKES_PER_MINUTE ?? 120),
    },
    webauthn: webAuthnConfig(env, nodeEnv),
    adminSecondFactor: adminSecondFactorOn(env.ADMIN_SECOND_FACTOR, nodeEnv),
    logLevel: env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    webDist: env.WEB_DIST === '' ? null : path.resolve(cwd, env.WEB_DIST ?? defaultWebDist()),
    cluster: clusterConfig(env, production),
  };
}

/** A whole number of at least 1 (a count), or the fallback when unset. */
function wholeCount(name: string, value: string | undefined, fallback: number): number {
  const n = positive(name, value, fallback);
  if (!Number.isSafeInteger(n)) throw new Error(`${name} must be a whole number`);
  return n;
}

/** `RESERVES_SNAPSHOT_HOURS`: 24 by default, 0 turns the schedule off; a timer holds at most 24 days. */
function reservesHours(value: string | undefined): number {
  if (value === undefined || value === '') return 24;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 576)
    throw new Error('RESERVES_SNAPSHOT_HOURS must be a number of hours from 0 (off) to 576');
  return n;
}

function parseNodeEnv(value: string | undefined): NodeEnv {
  return value === 'production' || value === 'test' ? value : 'development';
}

/** DEMO_PASSWORD must pass the sign-up rule, or nobody could type it into the login form. */
function demoPassword(value: string): string {
  const parsed = passwordSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`DEMO_PASSWORD: ${parsed.error.issues[0]?.message ?? 'not a valid password'}`);
  }
  return value;
}

const defaultWebDist = () => path.join(REPO_ROOT, 'apps/web/dist');

function metricsPort(value: string | undefined): number | null {
  if (!value?.trim()) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number (1-65535), not "${value}"`);
  return port;
}
