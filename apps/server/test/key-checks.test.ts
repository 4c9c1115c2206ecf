import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { createKey, signed } from './support/api-keys.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { member } from './support/members.js';
import { TestClock, testConfig, type TestApp } from './support/test-app.js';

/**
 * The app as `npm start` builds it: it opens its own database (PGlite in DATA_DIR, or
 * `DATABASE_URL`), so the start-up's own checks run as in production.
 */
async function startApp(env: Record<string, string>): Promise<TestApp> {
  const clock = new TestClock();
  const app = await buildApp(testConfig(env), { now: clock.now });
  const database = { db: app.ctx.db, kind: app.ctx.dbKind } as DatabaseHandle;
  return {
    app,
    database,
    clock,
    outbox: app.ctx.outbox as TestApp['outbox'],
    request: (o) => app.inject(o),
    close: () => app.close(),
  };
}

describe.each(BACKENDS)('the keys the data was written with, on %s (issue 46)', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A data folder (and on PostgreSQL a database) of its own. */
  const place = async (): Promise<{ DATA_DIR: string } & Record<string, string>> => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'key-checks-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    if (kind === 'pglite') return { DATA_DIR: dataDir };
    const database = await openTestDatabase('postgres');
    cleanups.push(() => database.close());
    return { DATA_DIR: dataDir, DATABASE_URL: database.url as string };
  };

  it(
    'refuses to start over data whose identity key is missing or another, naming the file; starts again with the right one',
    { timeout: 240_000 },
    async () => {
      const env = await place();
      const keyFile = path.join(env.DATA_DIR, 'identity-key');
      const first = await startApp(env);
      const user = await member(first);
      // An API key's secret is sealed with a key derived from the identity key.
      const key = await createKey(first, user);
      await first.close();
      const original = await fs.readFile(keyFile, 'utf8');

      // The database restored without its data folder's key (review ops-4 §3).
      await fs.rm(keyFile);
      await expect(startApp(env)).rejects.toThrow(
        `${keyFile} is missing, but this database holds data written with it`,
      );
      await expect(fs.access(keyFile)).rejects.toThrow();

      await fs.writeFile(keyFile, randomBytes(48).toString('base64url'), { mode: 0o600 });
      await expect(startApp(env)).rejects.toThrow(
        `${keyFile} is not the key this database's data was written with`,
      );

      // A configured IDENTITY_KEY_FILE is named the same way.
      const elsewhere = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'key-file-')), 'key');
      cleanups.push(() => fs.rm(path.dirname(elsewhere), { recursive: true, force: true }));
      await fs.writeFile(elsewhere, randomBytes(48).toString('base64url'), { mode: 0o600 });
      await expect(startApp({ ...env, IDENTITY_KEY_FILE: elsewhere })).rejects.toThrow(
        `${elsewhere} is not the key`,
      );

      // The right key back: the API key signs again (a refused start released the folder).
      await fs.writeFile(keyFile, original, { mode: 0o600 });
      const again = await startApp(env);
      cleanups.push(() => again.close());
      const res = await signed(again, key, 'GET', '/api/v1/wallets/spot');
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it('makes the keys on a fresh database and records their check values', async () => {
    const env = await place();
    const t = await startApp(env);
    cleanups.push(() => t.close());
    const rows = await t.database.db.selectFrom('key_checks').select('name').execute();
    expect(rows.map((r) => r.name).sort()).toEqual([
      'hd-root',
      'identity-key',
      'reserves-signing-key',
    ]);
    await expect(fs.access(path.join(env.DATA_DIR, 'identity-key'))).resolves.toBeUndefined();
  }, 120_000);
});
