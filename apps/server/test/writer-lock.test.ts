import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.js';
import { STANDBY_RETRY_MS } from '../src/db/writer-lock.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { openTestDatabase } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { appOnDatabase, type TestApp } from './support/test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

const STANDBY_LINE = 'waiting as a standby';
const TAKEOVER_LINE = 'Took over the trading core';

/** A process of the exchange: its own connections to the shared database, its log kept. */
interface Process {
  database: DatabaseHandle;
  log: string[];
  lost: Error[];
  started: Promise<TestApp>;
  /** Whether `started` has settled. */
  settled(): boolean;
}

const bid = (price: string) => ({
  symbol: 'BTCUSDT',
  order_type: 'limit',
  trade_type: 'buy',
  price,
  volume: '1',
});

/**
 * The trading core is a single writer (db/writer-lock.ts): on PostgreSQL a second process on the
 * same database waits as a standby while the first holds the writer lock, and takes over from
 * the database when it stops. PGlite is one process by construction.
 */
describe.runIf(postgresUrl)('the writer lock on postgres', () => {
  let owner: DatabaseHandle & { url?: string };
  let processes: Process[];

  const start = (): Process => {
    const database = connectDatabase({ url: owner.url as string });
    const log: string[] = [];
    const lost: Error[] = [];
    let done = false;
    const started = appOnDatabase(database, {
      env: { LOG_LEVEL: 'warn' },
      overrides: {
        logStream: { write: (line: string) => log.push(line) },
        onWriterLost: (err) => lost.push(err),
      },
    }).finally(() => (done = true));
    const p = { database, log, lost, started, settled: () => done };
    processes.push(p);
    return p;
  };
  const logged = (p: Process, text: string) => p.log.some((line) => line.includes(text));
  const stop = async (p: Process) => {
    await (await p.started).app.close();
    await p.database.close();
    processes.splice(processes.indexOf(p), 1);
  };

  beforeEach(async () => {
    owner = await openTestDatabase('postgres');
    processes = [];
  });
  afterEach(async () => {
    for (const p of processes.splice(0)) {
      await p.started.then((t) => t.app.close()).catch(() => {});
      await p.database.close();
    }
    await owner.close();
  });

  /** The first process, with BTCUSDT listed and a funded member resting one bid. */
  const firstWithABid = async () => {
    const first = start();
    const t = await first.started;
    expect(logged(first, STANDBY_LINE)).toBe(false);
    const ids = await listBtcUsdt(t);
    const user = await member(t);
    await fund(t, user, ids.usdt, '1000');
    const placed = await authed(t, 'POST', '/orders/spot', user.token, bid('100'));
    expect(placed.statusCode).toBe(200);
    return { first, t, user };
  };

  const openOrders = async (t: TestApp, user: Member) => {
    const res = await authed(t, 'GET', '/orders/spot?order_status=open', user.token);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { price: string }[])
      .map((o) => Number(o.price))
      .sort((a, b) => a - b);
  };

  it('keeps a second process waiting as a standby, which takes over from the database when the first stops', async () => {
    const { first, t, user } = await firstWithABid();

    const second = start();
    await expect.poll(() => logged(second, STANDBY_LINE), { timeout: 10_000 }).toBe(true);
    // Still waiting after several of its retries, while the first keeps writing.
    const again = await authed(t, 'POST', '/orders/spot', user.token, bid('101'));
    expect(again.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3 * STANDBY_RETRY_MS));
    expect(second.settled()).toBe(false);

    const wallet = (await authed(t, 'GET', '/wallets/spot', user.token)).json();
    await stop(first);
    const s = await second.started;
    expect(logged(second, TAKEOVER_LINE)).toBe(true);
    // The second loaded what the first committed: both bids rest, their USDT held.
    expect(await openOrders(s, user)).toEqual([100, 101]);
    expect((await authed(s, 'GET', '/wallets/spot', user.token)).json()).toEqual(wallet);
    const third = await authed(s, 'POST', '/orders/spot', user.token, bid('102'));
    expect(third.statusCode).toBe(200);
    expect(await openOrders(s, user)).toEqual([100, 101, 102]);
    expect((await auditLedger(s.database.db)).violations).toEqual([]);
  });

  it('stops writing when its writer connection is cut, and the standby takes over', async () => {
    const { first, t, user } = await firstWithABid();
    const second = start();
    await expect.poll(() => logged(second, STANDBY_LINE), { timeout: 10_000 }).toBe(true);

    // The writer's session ends (a database restart or a network cut): its lock with it.
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
      first.database.writerDb,
    );
    await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(owner.db);
    await expect.poll(() => first.lost.length, { timeout: 5_000 }).toBe(1);
    expect(logged(first, 'Lost the writer lock')).toBe(true);

    // It writes nothing more, even before the standby has the lock (server.ts exits here).
    const refused = await authed(t, 'POST', '/orders/spot', user.token, bid('99'));
    expect(refused.statusCode).toBe(500);

    const s = await second.started;
    expect(logged(second, TAKEOVER_LINE)).toBe(true);
    expect(await openOrders(s, user)).toEqual([100]);
    expect((await authed(s, 'POST', '/orders/spot', user.token, bid('98'))).statusCode).toBe(200);
    expect(await openOrders(s, user)).toEqual([98, 100]);
    expect((await auditLedger(s.database.db)).violations).toEqual([]);
  });
});
