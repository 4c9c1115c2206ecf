import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bookLevels } from '../src/core/trading/order-book-view.js';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { nthOrder, prepareTraders } from './support/order-flow.js';
import { freePort } from './support/free-port.js';
import { placeOrder, startServer } from './support/server-process.js';
import { appOnDatabase, TEST_SECRET } from './support/test-app.js';

describe.each(BACKENDS)('an acknowledged order survives kill -9 on %s', (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it(
    'rebuilds the books exactly and passes the audit after a crash',
    { timeout: 180_000 },
    async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'durability-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      // Each phase is a process of its own: it opens the database in turn, and closes it (PGlite
      // admits one process at a time; on PostgreSQL its writer connection holds the writer lock).
      const shared = kind === 'postgres' ? await openTestDatabase('postgres') : null;
      if (shared) cleanups.push(() => shared.close());
      const open = (): DatabaseHandle =>
        connectDatabase(
          shared?.url ? { url: shared.url } : { pgliteDir: path.join(dataDir, 'pglite') },
        );
      const port = String(await freePort());
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_SECRET,
        PORT: port,
      };
      if (shared?.url) env.DATABASE_URL = shared.url;

      const traders = await prepareTraders(open(), env);

      const server = await startServer(env);
      const acknowledged: { _id: string; status: string }[] = [];
      const wave = (n: number) =>
        Array.from({ length: n }, (_, i) =>
          placeOrder(port, nthOrder(traders, i).by, nthOrder(traders, i).body)
            .then((order) => order && acknowledged.push(order))
            .catch(() => null),
        );
      await Promise.all(wave(60));
      const inFlight = wave(60);
      await new Promise((r) => setTimeout(r, 15));
      server.kill('SIGKILL');
      await Promise.all(inFlight);
      if (server.exitCode === null && server.signalCode === null)
        await new Promise((r) => server.once('exit', r));
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);

      const after = await appOnDatabase(open(), { env });
      cleanups.push(() => after.close().then(() => after.database.close()));
      const rows = await after.database.db.selectFrom('orders').select(['id', 'status']).execute();
      const stored = new Map(rows.map((r) => [r.id, r.status]));
      for (const order of acknowledged)
        expect(stored.has(order._id), `order ${order._id}`).toBe(true);
      const { trading } = after.app.ctx.core.state;
      const open_ = rows.filter((r) => r.status === 'open').map((r) => Number(r.id));
      expect([...trading.openOrders.keys()].sort((a, b) => a - b)).toEqual(
        open_.sort((a, b) => a - b),
      );
      // The rebuilt book holds exactly the open orders' remaining volume, level by level.
      const pair = trading.pairsBySymbol.get('BTCUSDT')!;
      const expected = new Map<string, bigint>();
      for (const o of trading.openOrders.values()) {
        const key = `${o.side} ${o.price}`;
        expected.set(key, (expected.get(key) ?? 0n) + o.volume - o.filled);
      }
      const book = bookLevels(trading.engine, pair, 1000);
      const actual = new Map([
        ...book.bids.map(([p, q]) => [`buy ${p}`, q] as const),
        ...book.asks.map(([p, q]) => [`sell ${p}`, q] as const),
      ]);
      expect(actual).toEqual(expected);
      const best = [book.bids[0]?.[0] ?? 0n, book.asks[0]?.[0] ?? 10n ** 30n];
      expect(best[0]! < best[1]!).toBe(true);
      expect((await auditLedger(after.database.db)).violations).toEqual([]);
    },
  );
});
