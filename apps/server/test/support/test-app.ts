import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOverrides } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config/env.js';
import type { DatabaseHandle, DbKind } from '../../src/db/connect.js';
import type { DevOutbox } from '../../src/mail/dev-outbox.js';
import { openTestDatabase } from './databases.js';

/** Generated secrets (the dev HD seed) go here, never into the repository's data folder. */
const TEST_DATA_DIR = path.join(os.tmpdir(), `exchange-test-${process.pid}`);

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A clock the test can move forward; starts at real time. */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  outbox: DevOutbox;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: TEST_DATA_DIR,
      JWT_SECRET: TEST_SECRET,
      RATE_LIMIT_MAX: '100000',
      BINANCE_WEIGHT_PER_MINUTE: '100000',
      BINANCE_ORDERS_PER_10S: '100000',
      BINANCE_ORDERS_PER_DAY: '100000',
      AUTH_RATE_LIMIT_MAX: '100000',
      // Real scrypt at a test's cost: logins are what many tests repeat (auth-register checks 17).
      // A test of production's settings keeps production's cost.
      ...(env.NODE_ENV === undefined || env.NODE_ENV === 'test'
        ? { PASSWORD_HASH_COST: '12' }
        : {}),
      // Tests that scan for deposits or publish reserves run them themselves.
      DEPOSIT_SCAN_MS: '3600000',
      RESERVES_SNAPSHOT_HOURS: '0',
      ...env,
    }),
    webDist: null,
  };
}

/**
 * The app on a database that outlives it, as a restart or a second process sees it: closing it
 * leaves the database open.
 */
export async function appOnDatabase(
  database: DatabaseHandle,
  options: { env?: Record<string, string>; overrides?: AppOverrides } = {},
): Promise<TestApp> {
  const clock = new TestClock();
  const app = await buildApp(testConfig(options.env), {
    database,
    now: clock.now,
    ...options.overrides,
  });
  return {
    app,
    database,
    clock,
    outbox: app.ctx.outbox as DevOutbox,
    // The answer once the mails it sent are in the outbox: they go out off the request's path
    // (each after its recipient's anti-phishing code is read), as in production.
    request: async (o) => {
      const response = await app.inject(o);
      await app.ctx.mailIdle();
      return response;
    },
    close: () => app.close(),
  };
}

export async function createTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; overrides?: AppOverrides } = {},
): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const t = await appOnDatabase(database, options);
  return {
    ...t,
    close: async () => {
      await t.app.close();
      await database.close();
    },
  };
}
