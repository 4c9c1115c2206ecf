import { CHART_INTERVALS, type ChartInterval } from '@exchange/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPair } from '../src/modules/listings/repository.js';
import { insertToken, refreshMarkets } from './support/listings.js';
import { BACKENDS } from './support/databases.js';
import { fund, listBtcUsdt } from './support/market.js';
import { authed, member, type Member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const HOUR = 3_600_000;

describe.each(BACKENDS)('market data after real trades on %s', (kind) => {
  let t: TestApp;
  let seller: Member;
  let buyer: Member;
  /** Start of the hour all trades fall in: every interval up to 1 h has one candle. */
  let hourStart: number;

  const order = (user: Member, symbol: string, side: string, price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol,
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });
  const get = (url: string, token?: string) =>
    t.request({
      method: 'GET',
      url: `/api/v1${url}`,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const symbols = async (filter: string, token?: string) => {
    const body = (await get(`/symbols?filter=${filter}`, token)).json();
    return body as { data: { symbol: string; is_favorite: boolean }[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second past the next hour, so that the trades share one bucket of every interval.
    hourStart = Math.ceil(Date.now() / HOUR) * HOUR;
    t.clock.advance(hourStart + 1000 - Date.now());
    const { btc, usdt } = await listBtcUsdt(t);
    const eth = await insertToken(t.database.db, {
      name: 'Ethereum',
      shortName: 'ETH',
      decimals: 8,
      networks: [],
    });
    await insertPair(t.database.db, {
      baseTokenId: eth,
      quoteTokenId: usdt,
      tickSize: '0.01',
      lotSize: '0.0001',
    });
    await refreshMarkets(t.app.ctx.core, t.app.ctx.db);
    seller = await member(t);
    buyer = await member(t);
    await fund(t, seller, btc, '2');
    await fund(t, seller, eth, '10');
    await fund(t, buyer, usdt, '100000');

    const placed = [
      await order(seller, 'BTCUSDT', 'sell', '30000', '0.5'),
      await order(buyer, 'BTCUSDT', 'buy', '30100', '0.2'),
      await order(buyer, 'BTCUSDT', 'buy', '30000', '0.3'),
      await order(seller, 'BTCUSDT', 'sell', '30600', '0.1'),
      await order(buyer, 'BTCUSDT', 'buy', '30600', '0.1'),
      await order(buyer, 'BTCUSDT', 'buy', '29000', '0.25'),
      await order(buyer, 'BTCUSDT', 'buy', '29500', '0.1'),
      await order(seller, 'BTCUSDT', 'sell', '31000', '0.2'),
      await order(seller, 'ETHUSDT', 'sell', '2000', '1'),
      await order(buyer, 'ETHUSDT', 'buy', '2000', '1'),
      await order(seller, 'ETHUSDT', 'sell', '1900', '1'),
      await order(buyer, 'ETHUSDT', 'buy', '1900', '1'),
    ];
    for (const res of placed) expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => t.close());

  it('answers each symbol with its rolling 24 h ticker', async () => {
    const res = await get('/symbols');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 200, total: 2 });
    expect(body.data).toEqual([
      {
        symbol: 'BTCUSDT',
        base_token: { _id: expect.any(String), name: 'Bitcoin', short_name: 'BTC' },
        quote_token: { _id: expect.any(String), name: 'Tether USD', short_name: 'USDT' },
        price: '30600',
        volume: '0.6',
        quote_volume: '18060',
        high: '30600',
        low: '30000',
        price_percent_change: '2.00',
        price_change_percent: '2.00',
        is_favorite: false,
        symbol_origin: 'local',
        tick_size: '0.01',
        lot_size: '0.00001',
        min_notional: '0',
        maker_fee: '0.001',
        taker_fee: '0.001',
        status: 'trading',
      },
      expect.objectContaining({
        symbol: 'ETHUSDT',
        price: '1900',
        volume: '2',
        quote_volume: '3900',
        high: '2000',
        low: '1900',
        price_percent_change: '-5.00',
      }),
    ]);
  });

  it('orders the list for trending, gainer and loser, and pages it', async () => {
    const order = async (filter: string) => (await symbols(filter)).data.map((s) => s.symbol);
    expect(await order('trending')).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(await order('gainer')).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(await order('loser')).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(await order('spot')).toEqual(['BTCUSDT', 'ETHUSDT']);
    const page2 = (await get('/symbols?page=2&page_size=1')).json();
    expect(page2).toMatchObject({ total: 2, data: [{ symbol: 'ETHUSDT' }] });
  });

  it('answers the book as [price, amount] strings, asks ascending, bids descending, with seq', async () => {
    const res = await get('/symbols/BTCUSDT/orderbook?page_size=50');
    expect(res.json()).toMatchObject({
      status: 200,
      data: {
        symbol: 'BTCUSDT',
        asks: [['31000', '0.2']],
        bids: [
          ['29500', '0.1'],
          ['29000', '0.25'],
        ],
      },
    });
    expect(res.json().data.seq).toBeGreaterThan(0);
    const top = (await get('/symbols/btcusdt/orderbook?page_size=1')).json();
    expect(top.data.bids).toEqual([['29500', '0.1']]);
  });

  it('answers recent trades newest first under data.data', async () => {
    const res = await get('/symbols/BTCUSDT/recent-trades?page_size=2');
    const body = res.json();
    expect(body.data.symbol).toBe('BTCUSDT');
    expect(body.data.data).toEqual([
      expect.objectContaining({ price: '30600', quantity: '0.1', side: 'buy' }),
      expect.objectContaining({ price: '30000', quantity: '0.3', side: 'buy' }),
    ]);
    expect(body.data.data[0].time).toBeGreaterThanOrEqual(hourStart + 1000);
    expect(body.data.data[0].time).toBeLessThan(hourStart + 60_000);
    const all = (await get('/symbols/BTCUSDT/recent-trades')).json();
    expect(all.data.data).toHaveLength(3);
  });

  it.each(Object.keys(CHART_INTERVALS) as ChartInterval[])(
    'answers %s candles from the one-minute candles',
    async (interval) => {
      const res = await get(`/symbols/BTCUSDT/chart?interval=${interval}`);
      expect(res.statusCode).toBe(200);
      const seconds = CHART_INTERVALS[interval];
      const time = Math.floor((hourStart + 1000) / 1000 / seconds) * seconds;
      expect(res.json().data).toEqual({
        symbol: 'BTCUSDT',
        interval,
        data: [
          {
            time,
            open: '30000',
            high: '30600',
            low: '30000',
            close: '30600',
            volume: '0.6',
            quote_volume: '18060',
          },
        ],
      });
    },
  );

  it('folds minutes into the interval and keeps them in order', async () => {
    // Two minutes later, inside the same 5 m bucket but a new 1 m one.
    t.clock.advance(120_000);
    expect((await order(seller, 'ETHUSDT', 'sell', '2100', '1')).statusCode).toBe(200);
    expect((await order(buyer, 'ETHUSDT', 'buy', '2100', '1')).statusCode).toBe(200);
    const minutes = (await get('/symbols/ETHUSDT/chart?interval=1m')).json().data.data;
    expect(minutes.map((c: { close: string }) => c.close)).toEqual(['1900', '2100']);
    expect(minutes[1].time - minutes[0].time).toBe(120);
    const five = (await get('/symbols/ETHUSDT/chart?interval=5m')).json().data.data;
    expect(five).toEqual([
      expect.objectContaining({
        open: '2000',
        high: '2100',
        low: '1900',
        close: '2100',
        volume: '3',
      }),
    ]);
    const limited = (await get('/symbols/ETHUSDT/chart?interval=1m&limit=1')).json().data.data;
    expect(limited).toHaveLength(1);
    // Scrolling back: the candles that start before end_time, up to `limit` of them.
    const before = async (end: number, limit = 10) =>
      (await get(`/symbols/ETHUSDT/chart?interval=1m&limit=${limit}&end_time=${end}`)).json().data
        .data;
    expect(await before(minutes[1].time)).toEqual([minutes[0]]);
    expect(await before(minutes[1].time + 1)).toEqual(minutes);
    expect(await before(minutes[0].time)).toEqual([]);
    // Two minutes before the second candle is more than a one-candle window reaches back.
    expect(await before(minutes[1].time, 1)).toEqual([]);
    expect(await before(minutes[1].time, 3)).toEqual([minutes[0]]);
    expect((await get('/symbols/ETHUSDT/chart?end_time=soon')).statusCode).toBe(400);
  });

  it('refuses an unknown symbol and an unknown interval clearly', async () => {
    const res = await get('/symbols/DOGEUSDT/orderbook');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Unknown symbol DOGEUSDT' });
    expect((await get('/symbols/DOGEUSDT/recent-trades')).statusCode).toBe(404);
    expect((await get('/symbols/DOGEUSDT/chart')).statusCode).toBe(404);
    expect((await get('/symbols/BTCUSDT/chart?interval=2h')).statusCode).toBe(400);
  });

  it('keeps favourites for the signed-in user only', async () => {
    expect(await symbols('favourite')).toEqual(expect.objectContaining({ data: [], total: 0 }));
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/v1/symbols/BTCUSDT/favorites',
    });
    expect(anonymous.statusCode).toBe(401);

    const added = await authed(t, 'POST', '/symbols/ETHUSDT/favorites', buyer.token);
    expect(added.json()).toMatchObject({
      status: 200,
      data: { symbol: 'ETHUSDT', is_favorite: true },
    });
    // Adding twice is harmless.
    expect((await authed(t, 'POST', '/symbols/ETHUSDT/favorites', buyer.token)).statusCode).toBe(
      200,
    );
    expect((await authed(t, 'POST', '/symbols/NOPE/favorites', buyer.token)).statusCode).toBe(404);

    const mine = await symbols('favourite', buyer.token);
    expect(mine).toMatchObject({ total: 1, data: [{ symbol: 'ETHUSDT', is_favorite: true }] });
    const all = await symbols('all', buyer.token);
    expect(all.data.map((s) => [s.symbol, s.is_favorite])).toEqual([
      ['BTCUSDT', false],
      ['ETHUSDT', true],
    ]);
    expect((await symbols('all', seller.token)).data.every((s) => !s.is_favorite)).toBe(true);
    // A stale token on the public list is a visitor, not an error.
    expect((await get('/symbols', 'not-a-token')).statusCode).toBe(200);

    const removed = await t.request({
      method: 'DELETE',
      url: '/api/v1/symbols/ETHUSDT/favorites',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(removed.json()).toMatchObject({ data: { is_favorite: false } });
    expect((await symbols('favourite', buyer.token)).total).toBe(0);
  });

  it('rolls the 24 h window forward and reloads it on restart', async () => {
    // A fresh market data from the database sees what the running one sees.
    const { MarketData } = await import('../src/modules/market/market-data.js');
    const fresh = new MarketData(t.app.ctx, t.app.log);
    await fresh.load();
    const btc = t.app.ctx.core.state.trading.pairsBySymbol.get('BTCUSDT');
    if (!btc) throw new Error('BTCUSDT not listed');
    expect(fresh.ticker(btc)).toMatchObject({ price: '30600', volume: '0.6', high: '30600' });
    expect(fresh.recentTrades(btc, 50).map((r) => r.price)).toEqual(['30600', '30000', '30000']);

    t.clock.advance(25 * HOUR);
    const [ticker] = (await symbols('all')).data as unknown as Record<string, string>[];
    expect(ticker).toMatchObject({
      symbol: 'BTCUSDT',
      price: '30600',
      volume: '0',
      quote_volume: '0',
      high: '30600',
      low: '30600',
      price_percent_change: '0.00',
    });
  });
});
