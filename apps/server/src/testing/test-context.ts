import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildContext } from '../build-context.js';
import { loadConfig } from '../config/env.js';
import type { AppContext } from '../context.js';
import { connectDatabase, type DatabaseHandle } from '../db/connect.js';
import { listRupee } from '../modules/listings/rupee.js';
import { insertTokenRows, type NewToken } from '../modules/listings/repository.js';
import { insertUser, type NewUser, type User } from '../modules/users/repository.js';
import { pgliteImage } from './pglite-image.js';

/**
 * A module's services over a real database without the HTTP app (Immich's `newTestService`
 * shape): `testContext()` gives the `AppContext` that `buildApp` would, on an in-process PGlite,
 * so a spec beside a service calls it directly. The database is opened once per test file from a
 * migrated copy (a few seconds; later calls take milliseconds) and shared by the file's contexts: specs make their own users (`user()`), so they do not see each other's rows.
 * One context of a file at a time (each holds the trading core); close it in `afterAll`.
 */
export interface TestContext {
  ctx: AppContext;
  /** A user with a unique email, identity verified unless `overrides` say otherwise. */
  user(overrides?: Partial<NewUser>): Promise<User>;
  /** Lists a coin (once per file: a short name listed already is left as it is) into the core. */
  coin(token: NewToken): Promise<void>;
  close(): Promise<void>;
}

export interface TestContextOverrides {
  /** Settings as environment variables (`loadConfig`'s names), over the test defaults. */
  env?: Record<string, string>;
  now?: () => Date;
}

const DATA_DIR = path.join(os.tmpdir(), `exchange-unit-${process.pid}`);

/**
 * The file's database, migrated with the rupee listed (as `buildApp` leaves it), from the image
 * every unit spec shares (`pgliteImage`).
 */
let shared: Promise<DatabaseHandle> | null = null;
function database(): Promise<DatabaseHandle> {
  shared ??= pgliteImage('unit', listRupee).then((from) =>
    connectDatabase({ pgliteDir: null, from }),
  );
  return shared;
}

export async function testContext(overrides: TestContextOverrides = {}): Promise<TestContext> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      PASSWORD_HASH_COST: '12',
      DEPOSIT_SCAN_MS: '3600000',
      RESERVES_SNAPSHOT_HOURS: '0',
      ...overrides.env,
    }),
    webDist: null,
  };
  const app = Fastify({ logger: false });
  const ctx = await buildContext(app, config, await database(), { now: overrides.now });
  return {
    ctx,
    user: (user = {}) =>
      insertUser(ctx.db, {
        email: `${randomUUID()}@example.com`,
        firstName: 'Asha',
        lastName: 'Verma',
        phone: null,
        passwordHash: 'not-a-hash',
        emailVerifiedAt: ctx.now(),
        verificationStatus: 'approved',
        ...user,
      }),
    coin: async (token) => {
      if (ctx.core.tokens.bySymbol(token.shortName)) return;
      await insertTokenRows(ctx.db, token);
      await ctx.core.tokens.reload();
    },
    close: async () => {
      await ctx.core.sequencer.idle();
      await app.close();
    },
  };
}
