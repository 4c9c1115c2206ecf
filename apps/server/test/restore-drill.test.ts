import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseTarget } from '../src/db/connect.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { freePort } from './support/free-port.js';
import { OrderFlow, prepareTraders, type Ack } from './support/order-flow.js';
import { canRunClusters, freeClusterPort, OwnCluster } from './support/own-postgres.js';
import { runCli, startServer, stopServer } from './support/server-process.js';
import { TEST_SECRET } from './support/test-app.js';

const PASSPHRASE = 'drill passphrase, long enough';
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The ids of the orders a database holds, and its ledger audit. */
async function contents(target: DatabaseTarget) {
  const database = connectDatabase(target);
  try {
    const rows = await database.db.selectFrom('orders').select('id').execute();
    return { ids: new Set(rows.map((r) => r.id)), audit: await auditLedger(database.db) };
  } finally {
    await database.close();
  }
}

const missing = (acks: Ack[], ids: Set<string>) => acks.filter((a) => !ids.has(a.id));

describe.each(BACKENDS)('restore drill on %s', (kind) => {
  it(
    'a backup taken while orders flow restores elsewhere with every order acknowledged before it began',
    { timeout: 240_000 },
    async () => {
      const dataDir = await tempDir('drill-');
      const source = kind === 'postgres' ? await openTestDatabase('postgres') : null;
      if (source) cleanups.push(() => source.close());
      const port = String(await freePort());
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_SECRET,
        RATE_LIMIT_MAX: '1000000',
        PORT: port,
      };
      if (source?.url) env.DATABASE_URL = source.url;
      const traders = await prepareTraders(
        connectDatabase(source?.url ? { url: source.url } : { pgliteDir: `${dataDir}/pglite` }),
        env,
      );
      const server = await startServer(env);
      cleanups.push(() => stopServer(server));
      const flow = new OrderFlow(port, traders);
      await flow.more(40);

      const file = path.join(await tempDir('drill-out-'), 'exchange.backup');
      const began = Date.now();
      const backup = await runCli('backup', ['--out', file], {
        ...env,
        BACKUP_PASSPHRASE: PASSPHRASE,
      });
      const ended = Date.now();
      expect(backup.out).toContain('backup written');
      expect(backup.code).toBe(0);
      await flow.more(40);
      await flow.stop();
      await stopServer(server);
      const before = flow.acks.filter((a) => a.ackedAt < began);
      const after = flow.acks.filter((a) => a.sentAt > ended);
      expect(before.length).toBeGreaterThanOrEqual(40);
      expect(after.length).toBeGreaterThan(0);

      const restoredDir = path.join(await tempDir('drill-restored-'), 'data');
      const target = kind === 'postgres' ? await openTestDatabase('postgres') : null;
      if (target) cleanups.push(() => target.close());
      const restoreEnv: Record<string, string> = {
        ...env,
        DATA_DIR: restoredDir,
        BACKUP_PASSPHRASE: PASSPHRASE,
      };
      if (target?.url) restoreEnv.DATABASE_URL = target.url;
      const restore = await runCli('restore', [file], restoreEnv);
      expect(restore.out).toContain('ledger audit passed');
      expect(restore.code).toBe(0);

      const restored = await contents(
        target?.url ? { url: target.url } : { pgliteDir: path.join(restoredDir, 'pglite') },
      );
      expect(restored.audit.violations).toEqual([]);
      expect(missing(before, restored.ids)).toEqual([]);
      // The backup is a point in time: what was sent after it finished is not in it.
      expect(after.filter((a) => restored.ids.has(a.id))).toEqual([]);
      // The secrets travelled with the data.
      for (const secret of ['identity-key', 'secrets/ops-token', 'secrets/hd-seed'])
        expect(await fs.readFile(path.join(restoredDir, secret), 'utf8')).toBe(
          await fs.readFile(path.join(dataDir, secret), 'utf8'),
        );

      // A second restore over it is refused, and changes nothing.
      const listing = await fs.readdir(restoredDir, { recursive: true });
      const again = await runCli('restore', [file], restoreEnv);
      expect(again.out).toContain('DATA_DIR is not empty');
      expect(again.code).toBe(1);
      expect(await fs.readdir(restoredDir, { recursive: true })).toEqual(listing);

      // DATA_DIR's files alone, for a database recovered to a point in time.
      const filesDir = path.join(await tempDir('drill-files-'), 'data');
      const files = await runCli('restore', ['--data-only', file], {
        ...restoreEnv,
        DATA_DIR: filesDir,
      });
      expect(files.code, files.out).toBe(0);
      expect(await fs.readdir(filesDir)).not.toContain('pglite');
      expect(await fs.readFile(path.join(filesDir, 'jwt-secret'), 'utf8').catch(() => null)).toBe(
        await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8').catch(() => null),
      );
      expect(await fs.readFile(path.join(filesDir, 'secrets/ops-token'), 'utf8')).toBe(
        await fs.readFile(path.join(dataDir, 'secrets/ops-token'), 'utf8'),
      );
    },
  );
});

const pitrSkip = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is unset: PostgreSQL drills run only where PostgreSQL is'
  : !(await canRunClusters())
    ? 'PostgreSQL server programs (initdb, pg_ctl) are not installed'
    : null;

describe.skipIf(pitrSkip !== null)(
  `point-in-time recovery on PostgreSQL${pitrSkip ? ` (skipped: ${pitrSkip})` : ''}`,
  () => {
    it(
      'restores to a moment after the base backup with every order acknowledged before it, and none sent after',
      { timeout: 240_000 },
      async () => {
        const cluster = new OwnCluster(await tempDir('drill-pitr-'));
        await cluster.start();
        cleanups.push(() => cluster.stop());
        const archive = await cluster.ownedDir('archive');
        const setup = await runCli('pitr', ['setup', '--archive', archive], {
          DATABASE_URL: cluster.url,
        });
        expect(setup.out).toContain('Restart PostgreSQL');
        await cluster.restart();

        const dataDir = await tempDir('drill-pitr-data-');
        const port = String(await freePort());
        const env = {
          DATA_DIR: dataDir,
          JWT_SECRET: TEST_SECRET,
          RATE_LIMIT_MAX: '1000000',
          PORT: port,
          DATABASE_URL: cluster.url,
        };
        const traders = await prepareTraders(connectDatabase({ url: cluster.url }), env);
        const base = path.join(cluster.dir, 'base');
        const server = await startServer(env);
        cleanups.push(() => stopServer(server));
        const flow = new OrderFlow(port, traders);
        await flow.more(20);
        const baseBackup = await runCli('pitr', ['base', '--out', base], {
          DATABASE_URL: cluster.url,
        });
        expect(baseBackup.code, baseBackup.out).toBe(0);
        await flow.more(40);
        const moment = new Date();
        await flow.more(40);
        await flow.stop();
        await stopServer(server);
        await switchAndArchive(cluster.url);

        const into = path.join(cluster.dir, 'restored');
        const restoredPort = await freeClusterPort();
        const restore = await runCli(
          'pitr',
          [
            'restore',
            '--base',
            base,
            '--archive',
            archive,
            '--to',
            moment.toISOString(),
            '--into',
            into,
            '--port',
            String(restoredPort),
          ],
          {},
        );
        cleanups.push(() => cluster.stop(into));
        expect(restore.out).toContain('restored to');
        expect(restore.code).toBe(0);

        const restored = await contents({
          url: `postgres://postgres@127.0.0.1:${restoredPort}/postgres`,
        });
        expect(restored.audit.violations).toEqual([]);
        const before = flow.acks.filter((a) => a.ackedAt < moment.getTime());
        const after = flow.acks.filter((a) => a.sentAt > moment.getTime());
        expect(before.length).toBeGreaterThanOrEqual(60);
        expect(missing(before, restored.ids)).toEqual([]);
        expect(after.length).toBeGreaterThan(0);
        expect(after.filter((a) => restored.ids.has(a.id))).toEqual([]);
      },
    );
  },
);

/** Ends the current WAL segment and waits until the archiver has copied it. */
async function switchAndArchive(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async () =>
      Number(
        (await client.query('select archived_count from pg_stat_archiver')).rows[0].archived_count,
      );
    const archived = await count();
    await client.query('select pg_switch_wal()');
    while ((await count()) <= archived) await new Promise((r) => setTimeout(r, 50));
  } finally {
    await client.end();
  }
}
