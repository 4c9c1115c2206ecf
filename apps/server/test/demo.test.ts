import { CHART_INTERVAL_NAMES } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_ADMIN, DEMO_USER } from '../src/demo/accounts.js';
import { DEMO_CREDENTIALS_FILE, type DemoCredential } from '../src/demo/credentials.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { setPairStatus } from '../src/modules/listings/commands.js';
import { findUserByEmail } from '../src/modules/users/repository.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';
import { appOnDatabase, createTestApp, type TestApp } from './support/test-app.js';

/** A short history and a quick market maker keep the tests fast. */
const DEMO_ENV = { DEMO: '1', DEMO_HISTORY_DAYS: '0.05', DEMO_MM_ORDERS_PER_SECOND: '100' };

interface Ticker {
  symbol: string;
  price: string;
}
interface Trade {
  id: string;
  price: string;
  time: number;
}

const api = (t: TestApp, url: string, token?: string) =>
  t.request({
    method: 'GET',
    url: `/api/v1${url}`,
    ...(token && { headers: { authorization: `Bearer ${token}` } }),
  });
const symbols = async (t: TestApp) =>
  (await api(t, '/symbols?page_size=100')).json() as { data: Ticker[]; total: number };
const book = async (t: TestApp, symbol: string) =>
  (await api(t, `/symbols/${symbol}/orderbook?page_size=100`)).json().data as {
    bids: string[][];
    asks: string[][];
  };
const trades = async (t: TestApp, symbol: string) =>
  (await api(t, `/symbols/${symbol}/recent-trades?page_size=100`)).json().data.data as Trade[];
const login = (t: TestApp, email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

/** The demo password the server generated for `email` in its data folder. */
function demoPassword(t: TestApp, email: string): string {
  const file = path.join(t.app.ctx.config.dataDir, DEMO_CREDENTIALS_FILE);
  const accounts = JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredential[];
  return accounts.find((a) => a.email === email)?.password ?? '';
}

/** Polls until `check` holds or `ms` pass. */
async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe('demo configuration', () => {
  it('is on for npm start, off in production and under tests unless DEMO says so', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://x',
      HD_XPUB: 'xpub',
      IDENTITY_KEY_FILE: '/run/credentials/exchange/identity-key',
    };
    expect(loadConfig({}).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
    expect(loadConfig(production).demo).toBe(false);
    expect(() => loadConfig({ ...production, DEMO: '1' })).toThrow(
      'DEMO cannot run with NODE_ENV=production',
    );
    expect(loadConfig({ NODE_ENV: 'test' }).demo).toBe(false);
    expect(loadConfig({}).demoOrdersPerSecond).toBe(20);
    expect(loadConfig({ DEMO_MM_ORDERS_PER_SECOND: '5' }).demoOrdersPerSecond).toBe(5);
  });
});

describe.each(BACKENDS)('the demo market on a fresh database on %s', (kind) => {
  let t: TestApp;
  let started: number;

  beforeAll(async () => {
    started = Date.now();
    t = await createTestApp(kind, { env: DEMO_ENV });
    // The market maker is a program on the API's outside: it starts once the server listens.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('lists at least 20 USDT pairs, and USDT/INR and BTC/INR, with 24 h figures', async () => {
    const list = await symbols(t);
    expect(list.data.filter((s) => s.symbol.endsWith('USDT')).length).toBeGreaterThanOrEqual(20);
    expect(list.data.filter((s) => !s.symbol.endsWith('USDT')).map((s) => s.symbol)).toEqual([
      'USDTINR',
      'BTCINR',
    ]);
    const btc = list.data.find((s) => s.symbol === 'BTCUSDT') as Ticker & { volume: string };
    expect(Number(btc.price)).toBeGreaterThan(10_000);
    expect(Number(btc.volume)).toBeGreaterThan(0);
  });

  it('quotes at least 12 levels a side on every book from the first round', async () => {
    const full = async () => {
      for (const { symbol } of (await symbols(t)).data) {
        const { bids, asks } = await book(t, symbol);
        if (Math.min(bids.length, asks.length) < 12) return false;
      }
      return true;
    };
    expect(await eventually(full)).toBe(true);
    for (const { symbol } of (await symbols(t)).data) {
      const { bids, asks } = await book(t, symbol);
      expect(bids.length, symbol).toBeGreaterThanOrEqual(12);
      expect(asks.length, symbol).toBeGreaterThanOrEqual(12);
      expect(Number(bids[0]?.[0])).toBeLessThan(Number(asks[0]?.[0]));
    }
  });

  it('has candles behind every chart interval and recent trades', async () => {
    for (const interval of CHART_INTERVAL_NAMES) {
      const res = await api(t, `/symbols/ETHUSDT/chart?interval=${interval}&limit=1000`);
      expect(res.json().data.data.length, interval).toBeGreaterThan(0);
    }
    const minutes = (await api(t, '/symbols/ETHUSDT/chart?interval=1m&limit=1000')).json().data
      .data;
    expect(minutes.length).toBeGreaterThanOrEqual(70);
    expect((await trades(t, 'ETHUSDT')).length).toBeGreaterThan(0);
  });

  it('trades, and prices move, as the market maker works', async () => {
    const before = new Map((await symbols(t)).data.map((s) => [s.symbol, s.price]));
    const traded = await eventually(async () => {
      const list = (await symbols(t)).data;
      const moved = list.filter((s) => s.price !== before.get(s.symbol)).length;
      const fresh = (await trades(t, 'BTCUSDT')).some((tr) => tr.time >= started);
      return moved >= 3 && fresh;
    });
    expect(traded).toBe(true);
  });

  it('lets the demo user log in, verified and funded in both wallets', async () => {
    const res = await login(t, DEMO_USER.email, demoPassword(t, DEMO_USER.email));
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().data.access_token as string;
    const profile = (await api(t, '/users', token)).json().data;
    expect(profile.verification_request_status).toBe('approved');
    const usdt = (await api(t, '/wallets?token_id=USDT', token)).json().data[0];
    const amounts = Object.fromEntries(
      usdt.balances.map((b: { wallet_type: string; amount: string }) => [b.wallet_type, b.amount]),
    );
    expect(Number(amounts.spot)).toBeGreaterThan(0);
    expect(Number(amounts.funding)).toBeGreaterThan(0);
    const admin = await login(t, DEMO_ADMIN.email, demoPassword(t, DEMO_ADMIN.email));
    expect(admin.statusCode, admin.body).toBe(200);
    expect((await api(t, '/users', admin.json().data.access_token)).json().data.role).toBe('admin');
  });

  it("shows the demo user's funds arriving on a network each coin is listed on", async () => {
    const token = (await login(t, DEMO_USER.email, demoPassword(t, DEMO_USER.email))).json().data
      .access_token as string;
    const wallets = (await api(t, '/wallets', token)).json().data as {
      token_id: string;
      networks: { network: string }[];
    }[];
    const networksOf = new Map(wallets.map((w) => [w.token_id, w.networks.map((n) => n.network)]));
    const history = (await api(t, '/wallets/deposit/history?page_size=100', token)).json();
    const deposits = (history.data ?? history) as {
      network: string;
      token: { _id: string; symbol: string };
    }[];
    expect(deposits.length).toBeGreaterThanOrEqual(10);
    // The rupee is on no chain: it arrives by the bank rail.
    for (const d of deposits)
      expect(
        d.token.symbol === 'INR' ? ['bank'] : networksOf.get(d.token._id),
        `${d.token.symbol} over ${d.network}`,
      ).toContain(d.network);
  });

  it('verifies the demo trading accounts with a PAN on record: 1% TDS, not 20%', async () => {
    const res = await login(t, DEMO_USER.email, demoPassword(t, DEMO_USER.email));
    const token = res.json().data.access_token as string;
    const statement = (await api(t, '/tax/statement', token)).json().data;
    expect(statement.pan_masked).toBe('XXXXXX001D');
    const buy = await t.request({
      method: 'POST',
      url: '/api/v1/orders/spot',
      headers: { authorization: `Bearer ${token}` },
      payload: { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume: '0.001' },
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const order = buy.json().data as { filled_volume: string; fee: string; tds: string };
    expect(Number(order.filled_volume)).toBeGreaterThan(0);
    const received = Number(order.filled_volume) - Number(order.fee);
    expect(Number(order.tds) / received).toBeCloseTo(0.01, 6);
    const requests = await t.database.db
      .selectFrom('kyc_requests')
      .select(['user_id', 'status', 'aadhaar_image_1'])
      .execute();
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.status === 'approved')).toBe(true);
    // Its documents are stored like uploads: the owner can open them.
    const demo = await findUserByEmail(t.database.db, DEMO_USER.email);
    const own = requests.find((r) => r.user_id === demo?.id);
    const image = await api(t, `/files/${own?.aadhaar_image_1}`, token);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('leaves a halted pair’s book alone and quotes the others on', async () => {
    const { sequencer, state } = t.app.ctx.core;
    const admin = await findUserByEmail(t.database.db, DEMO_ADMIN.email);
    const actor = { adminId: admin?.id as string, ip: '127.0.0.1' };
    const halted = 'ETHUSDT';
    const open = () => [...state.trading.openOrders.values()];
    expect(await eventually(async () => open().some((o) => o.pair.symbol === halted))).toBe(true);
    await sequencer.submit(setPairStatus({ admin: actor, symbol: halted, status: 'halted' }));
    const resting = open().filter((o) => o.pair.symbol === halted);
    const lastId = Math.max(...open().map((o) => o.id));
    expect(resting.length).toBeGreaterThan(0);
    // Once every other pair has orders placed after the halt, the market maker has been round: a
    // round of some twenty pairs takes seconds, many more on a machine under load.
    const others = new Set(open().map((o) => o.pair.symbol));
    others.delete(halted);
    const roundDone = await eventually(async () => {
      const fresh = new Set(
        open()
          .filter((o) => o.id > lastId)
          .map((o) => o.pair.symbol),
      );
      return [...others].every((symbol) => fresh.has(symbol));
    }, 45_000);
    expect(roundDone).toBe(true);
    expect(resting.every((o) => o.status === 'open')).toBe(true);
    expect(open().filter((o) => o.pair.symbol === halted && o.id > lastId)).toEqual([]);
    await sequencer.submit(setPairStatus({ admin: actor, symbol: halted, status: 'trading' }));
  }, 70_000);

  it('keeps the ledger audit clean through the market maker’s activity', async () => {
    await t.app.ctx.core.sequencer.idle();
    const audit = await auditLedger(t.database.db);
    expect(audit.violations).toEqual([]);
    expect(audit.ok).toBe(true);
  });
});

describe.each(BACKENDS)('the demo market across a restart on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  const counts = async () => {
    const db = database.db;
    const n = async (
      table: 'tokens' | 'pairs' | 'users' | 'deposits' | 'candles' | 'kyc_requests',
    ) =>
      Number(
        (await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
      );
    return {
      tokens: await n('tokens'),
      pairs: await n('pairs'),
      users: await n('users'),
      deposits: await n('deposits'),
      identities: await n('kyc_requests'),
    };
  };

  it('seeds once, re-uses the accounts, and trades on after the restart', async () => {
    const first = await appOnDatabase(database, { env: DEMO_ENV });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    const seeded = await counts();
    expect(seeded.pairs).toBeGreaterThanOrEqual(20);
    expect(seeded.users).toBe(4);
    expect(seeded.identities).toBe(3);
    await first.close();

    const second = await appOnDatabase(database, { env: DEMO_ENV });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await counts()).toEqual(seeded);
      const login1 = await login(second, DEMO_USER.email, demoPassword(second, DEMO_USER.email));
      expect(login1.statusCode).toBe(200);
      // Trade ids go on from the stored ones: trades after the restart commit.
      const last = Math.max(...(await trades(second, 'BTCUSDT')).map((tr) => Number(tr.id)));
      const tradedOn = await eventually(async () => {
        const ids = (await trades(second, 'BTCUSDT')).map((tr) => Number(tr.id));
        return Math.max(...ids) > last;
      });
      expect(tradedOn).toBe(true);
      for (const { symbol } of (await symbols(second)).data) {
        const { bids, asks } = await book(second, symbol);
        expect(Math.min(bids.length, asks.length), symbol).toBeGreaterThanOrEqual(12);
      }
    } finally {
      await second.close();
    }
    expect((await auditLedger(database.db)).violations).toEqual([]);
  });
});

describe.each(BACKENDS)('demo off on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { DEMO: '0' } });
  });
  afterAll(() => t.close());

  it('seeds nothing and runs no market maker', async () => {
    expect((await symbols(t)).total).toBe(0);
    const db = t.database.db;
    const users = await db.selectFrom('users').select('email').execute();
    expect(users).toEqual([]);
    expect(await db.selectFrom('candles').select('pair_id').limit(1).execute()).toEqual([]);
    expect((await login(t, DEMO_USER.email, 'DemoTrader2025')).statusCode).toBe(401);
  });
});
