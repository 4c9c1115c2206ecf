import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { createKey, signedHeaders, type TestKey } from '../support/api-keys.js';
import { binanceCall, signedParams } from '../support/binance-signed.js';
import { openTestDatabase } from '../support/databases.js';
import { fund, listBtcUsdt } from '../support/market.js';
import { member } from '../support/members.js';
import { appOnDatabase, type TestApp } from '../support/test-app.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
/** Windows wide enough that the replays below are inside them however slow the machine. */
const env = { API_RECV_WINDOW_MS: '60000' };

/**
 * Review I4-2: the memory of signatures is a process's, so the process that takes the trading
 * core over (a restart, or a standby when the active core stops) accepted a signed request the
 * previous one had already accepted, within its window. It now accepts no timestamp from before
 * it began serving.
 */
describe('review I4-2: a signature seen by the previous process', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const c of opened.splice(0).reverse()) await c.close().catch(() => {});
  });

  /** The first process: BTCUSDT listed, a funded member with a key, two signed orders accepted. */
  const firstProcess = async (database: DatabaseHandle) => {
    const t = await appOnDatabase(database, { env });
    opened.push({ close: () => t.app.close() });
    const ids = await listBtcUsdt(t);
    const user = await member(t);
    await fund(t, user, ids.usdt, '300');
    const key = await createKey(t, user);
    const now = t.clock.now().getTime();
    const binance = signedParams(
      key,
      `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.0001&price=60000&recvWindow=60000&timestamp=${now}`,
    );
    expect((await binanceCall(t, key, 'POST', '/order', { body: binance })).statusCode).toBe(200);
    const body = JSON.stringify({
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: 'buy',
      price: '60001',
      volume: '0.0001',
    });
    const own = {
      method: 'POST' as const,
      url: '/api/v1/orders/spot',
      headers: {
        ...signedHeaders(t, key, 'POST', '/api/v1/orders/spot', body),
        'content-type': 'application/json',
      },
      payload: body,
    };
    expect((await t.request(own)).statusCode).toBe(200);
    return { t, user, key, binance, own };
  };

  /** The replays the next process must refuse, and a freshly signed call it must take. */
  const expectReplaysRefused = async (
    next: TestApp,
    first: Awaited<ReturnType<typeof firstProcess>>,
  ) => {
    const { key, binance, own } = first;
    const replay = await binanceCall(next, key, 'POST', '/order', { body: binance });
    expect(replay.json()).toEqual({
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
    const ownReplay = await next.request(own);
    expect(ownReplay.statusCode).toBe(401);
    expect(ownReplay.json().message).toBe(
      "Timestamp earlier than this server's start: sign the request again with the current time",
    );
    expect(await openPrices(next, key)).toEqual(['60000.00000000', '60001.00000000']);
    // Signed again, now: taken.
    const fresh = signedParams(
      key,
      `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.0001&price=60002&timestamp=${next.clock.now().getTime()}`,
    );
    expect((await binanceCall(next, key, 'POST', '/order', { body: fresh })).statusCode).toBe(200);
    expect(await openPrices(next, key)).toEqual([
      '60000.00000000',
      '60001.00000000',
      '60002.00000000',
    ]);
  };

  const openPrices = async (t: TestApp, key: TestKey) => {
    const res = await binanceCall(t, key, 'GET', '/openOrders', {
      query: signedParams(key, `symbol=BTCUSDT&timestamp=${t.clock.now().getTime()}`),
    });
    return (res.json() as { price: string }[]).map((o) => o.price).sort();
  };

  it('refuses them after a restart on the same database', async () => {
    const database = await openTestDatabase('pglite');
    opened.push(database);
    const first = await firstProcess(database);
    await first.t.app.close();
    const next = await appOnDatabase(database, { env });
    opened.push({ close: () => next.app.close() });
    await expectReplaysRefused(next, first);
  }, 120_000);

  it.runIf(postgresUrl)(
    'refuses them on the standby that took over (PostgreSQL)',
    async () => {
      const owner = await openTestDatabase('postgres');
      opened.push(owner);
      const connect = () => {
        const database = connectDatabase({ url: owner.url as string });
        opened.push(database);
        return database;
      };
      const firstDatabase = connect();
      const first = await firstProcess(firstDatabase);
      const log: string[] = [];
      const standby = appOnDatabase(connect(), {
        env: { ...env, LOG_LEVEL: 'warn' },
        overrides: { logStream: { write: (line: string) => log.push(line) } },
      });
      await expect
        .poll(() => log.some((line) => line.includes('waiting as a standby')), { timeout: 20_000 })
        .toBe(true);
      // The first process stops: its writer connection, and the lock with it, goes.
      await first.t.app.close();
      await firstDatabase.close();
      const next = await standby;
      opened.push({ close: () => next.app.close() });
      expect(log.some((line) => line.includes('Took over the trading core'))).toBe(true);
      await expectReplaysRefused(next, first);
    },
    120_000,
  );
});
