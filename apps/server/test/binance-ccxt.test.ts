import { createHmac } from 'node:crypto';
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/modules/audit/service.js';
import { createKey, type TestKey } from './support/api-keys.js';
import { ccxtBinance } from './support/binance-clients.js';
import { binanceCall, signedParams } from './support/binance-signed.js';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member } from './support/members.js';
import { createTestApp, type TestApp } from './support/test-app.js';

// One server for the file, on PostgreSQL when the machine has it (the production store).
const kind = BACKENDS.at(-1) ?? 'pglite';
const SYMBOL = 'BTC/USDT';

describe(`ccxt's binance class against /api/v3 (${kind})`, () => {
  const { t, ids } = useMarketApp(kind, { minNotional: '10' });
  let url: string;
  let maker: ReturnType<typeof ccxtBinance>;
  let taker: ReturnType<typeof ccxtBinance>;
  let makerKey: TestKey;

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const [m, k] = [await member(t), await member(t)];
    await fund(t, m, ids.btc, '2');
    await fund(t, m, ids.usdt, '100000');
    await fund(t, k, ids.usdt, '50000');
    makerKey = await createKey(t, m);
    maker = ccxtBinance(url, makerKey);
    taker = ccxtBinance(url, await createKey(t, k));
  });

  it('loads the markets with their precisions, limits and order types', async () => {
    const markets = await maker.loadMarkets();
    const market = markets[SYMBOL];
    expect(market).toMatchObject({
      id: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      spot: true,
      active: true,
      precision: { price: 0.01, amount: 0.00001 },
      limits: { amount: { min: 0.00001 }, price: { min: 0.01 }, cost: { min: 10 } },
    });
    await taker.loadMarkets();
    expect(await maker.fetchTime()).toBeGreaterThan(0);
  });

  it('places limit orders with client ids, shows them in the book and cancels them', async () => {
    const ask = await maker.createOrder(SYMBOL, 'limit', 'sell', 0.01, 30000, {
      clientOrderId: 'ask-30000',
    });
    expect(ask).toMatchObject({ status: 'open', clientOrderId: 'ask-30000', price: 30000 });
    const bid = await maker.createOrder(SYMBOL, 'limit', 'buy', 0.02, 29000);
    expect(bid.status).toBe('open');
    const book = await taker.fetchOrderBook(SYMBOL);
    expect(book.asks[0]).toEqual([30000, 0.01]);
    expect(book.bids[0]).toEqual([29000, 0.02]);
    expect(book.nonce).toBeGreaterThan(0);

    const fetched = await maker.fetchOrder(String(bid.id), SYMBOL);
    expect(fetched).toMatchObject({ id: bid.id, status: 'open', amount: 0.02, filled: 0 });
    const open = await maker.fetchOpenOrders(SYMBOL);
    expect(open.map((o) => o.id).sort()).toEqual([ask.id, bid.id].sort());

    const cancelled = await maker.cancelOrder(String(bid.id), SYMBOL);
    expect(cancelled.status).toBe('canceled');
    expect((await maker.fetchOrder(String(bid.id), SYMBOL)).status).toBe('canceled');
  });

  it('fills a market order with its fills and fees, then shows trades, tickers and candles', async () => {
    const order = await taker.createOrder(SYMBOL, 'market', 'buy', 0.004);
    expect(order).toMatchObject({ status: 'closed', filled: 0.004, average: 30000, cost: 120 });
    expect(order.trades).toHaveLength(1);
    expect(order.fee).toMatchObject({ currency: 'BTC', cost: 0.000004 });

    // A market buy that spends a quote amount (quoteOrderQty).
    const byCost = await taker.createMarketBuyOrderWithCost(SYMBOL, 60);
    expect(byCost).toMatchObject({ status: 'closed', filled: 0.002, cost: 60 });
    expect(byCost.info.origQuoteOrderQty).toBe('60.00000000');
    // Kept with the order: its later reads say it too.
    const reread = await taker.fetchOrder(String(byCost.id), SYMBOL);
    expect(reread.info.origQuoteOrderQty).toBe('60.00000000');

    const trades = await taker.fetchTrades(SYMBOL);
    expect(trades.at(-1)).toMatchObject({ price: 30000, amount: 0.002, side: 'buy' });
    const mine = await taker.fetchMyTrades(SYMBOL);
    expect(mine.map((x) => x.order)).toEqual([order.id, byCost.id]);
    expect(mine[0]).toMatchObject({ side: 'buy', takerOrMaker: 'taker', price: 30000 });
    const makerTrades = await maker.fetchMyTrades(SYMBOL);
    expect(makerTrades.every((x) => x.takerOrMaker === 'maker' && x.side === 'sell')).toBe(true);

    const ticker = await taker.fetchTicker(SYMBOL);
    expect(ticker).toMatchObject({ symbol: SYMBOL, last: 30000, ask: 30000, askVolume: 0.004 });
    expect(ticker.baseVolume).toBeCloseTo(0.006, 9);
    const tickers = await taker.fetchTickers([SYMBOL]);
    expect(tickers[SYMBOL]?.last).toBe(30000);
    const candles = await taker.fetchOHLCV(SYMBOL, '1m');
    expect(candles.at(-1)).toEqual([expect.any(Number), 30000, 30000, 30000, 30000, 0.006]);
    // The two trades counted by their ids, the takers' buys in the candle.
    const [first, last] = trades.slice(-2).map((x) => Number(x.id));
    expect(last).toBe((first ?? 0) + 1);
    expect(ticker.info).toMatchObject({ firstId: first, lastId: last, count: 2 });
    const klines = (await (
      await fetch(`${url}/api/v3/klines?symbol=BTCUSDT&interval=1m`)
    ).json()) as unknown[][];
    expect(klines.at(-1)?.slice(8, 11)).toEqual([2, '0.00600000', '180.00000000']);

    // 0.006 BTC less the 0.1% fee, less TDS at 20% (no PAN on record): the same as /api/v1.
    const balance = await taker.fetchBalance();
    expect(balance.BTC).toMatchObject({ free: 0.0047952, used: 0, total: 0.0047952 });
    expect(balance.USDT?.free).toBe(50000 - 180);
    // The account's numeric uid: the same on every call, another for another account.
    expect(balance.info.uid).toEqual(expect.any(Number));
    expect((await taker.fetchBalance()).info.uid).toBe(balance.info.uid);
    expect((await maker.fetchBalance()).info.uid).not.toBe(balance.info.uid);
  });

  it('answers the rolling-window ticker over minutes, hours and days (ticker)', async () => {
    // ccxt's rolling 24 h ticker: the two buys above, 0.006 BTC at 30000.
    const rolling = await taker.fetchTicker(SYMBOL, { rolling: true });
    expect(rolling).toMatchObject({ symbol: SYMBOL, last: 30000, open: 30000, high: 30000 });
    expect(rolling.baseVolume).toBeCloseTo(0.006, 9);
    const ticker = (query: string) =>
      fetch(`${url}/api/v3/ticker?${query}`).then(async (res) => ({
        status: res.status,
        weight: res.headers.get('x-mbx-used-weight-1m'),
        body: (await res.json()) as Record<string, unknown>,
      }));
    // A week is the stored candles', in the MINI shape: no change nor average.
    const week = await ticker(
      `symbols=${encodeURIComponent('["BTCUSDT"]')}&windowSize=7d&type=MINI`,
    );
    expect(week.body).toEqual([
      expect.objectContaining({
        symbol: 'BTCUSDT',
        openPrice: '30000.00000000',
        volume: '0.00600000',
      }),
    ]);
    expect(week.body[0]).not.toHaveProperty('priceChange');
    expect(week.body[0]).toMatchObject({ count: 2 });
    const minute = await ticker('symbol=BTCUSDT&windowSize=1m');
    expect(minute.body).toMatchObject({
      lastPrice: '30000.00000000',
      priceChange: '0.00000000',
      volume: '0.00600000',
      count: 2,
    });
    const closeTime = minute.body.closeTime as number;
    // From the start of the minute a minute ago: 60 to 119.999 s wide, as Binance's.
    const openTime = minute.body.openTime as number;
    expect(openTime % 60_000).toBe(0);
    expect(closeTime - openTime).toBeGreaterThanOrEqual(60_000);
    expect(closeTime - openTime).toBeLessThan(120_000);
    expect(await ticker('symbol=BTCUSDT&windowSize=60m')).toMatchObject({
      status: 400,
      body: { code: -1100 },
    });
    expect((await ticker('windowSize=1h')).body).toMatchObject({ code: -1102 });
  });

  it('places post-only orders and refuses one that would take', async () => {
    await expect(
      maker.createOrder(SYMBOL, 'limit', 'buy', 0.01, 30000, { postOnly: true }),
    ).rejects.toBeInstanceOf(ccxt.OrderImmediatelyFillable);
    const resting = await maker.createOrder(SYMBOL, 'limit', 'buy', 0.01, 29500, {
      postOnly: true,
    });
    expect(resting.id).toBeTruthy();
    // Read back as Binance reads it (type LIMIT_MAKER), which ccxt parses as post-only.
    const read = await maker.fetchOrder(String(resting.id), SYMBOL);
    expect(read).toMatchObject({ status: 'open', type: 'limit', postOnly: true });
    expect(read.info).toMatchObject({ type: 'LIMIT_MAKER', timeInForce: 'GTC' });
    const plain = (await maker.fetchOpenOrders(SYMBOL)).filter((o) => o.id !== resting.id);
    expect(plain.every((o) => !o.postOnly && o.info.type === 'LIMIT')).toBe(true);
  });

  it('cancels all open orders of a pair', async () => {
    const cancelled = await maker.cancelAllOrders(SYMBOL);
    expect(cancelled.length).toBe(2);
    expect(await maker.fetchOpenOrders(SYMBOL)).toEqual([]);
    expect(await maker.fetchOpenOrders()).toEqual([]);
    // Every order of the pair, oldest first, in its final state (allOrders).
    const all = await maker.fetchOrders(SYMBOL);
    expect(all.map((o) => o.clientOrderId)[0]).toBe('ask-30000');
    expect(all.map((o) => o.status)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(all[0]).toMatchObject({ filled: 0.006, remaining: 0.004 });
    // The book's best prices and the last prices (bookTicker, ticker/price).
    const best = await taker.fetchBidsAsks([SYMBOL]);
    expect(best[SYMBOL]).toMatchObject({ bid: undefined, ask: undefined });
    const last = await taker.fetchLastPrices([SYMBOL]);
    expect(last[SYMBOL]?.price).toBe(30000);
  });

  it('fills IOC orders as far as they can and refuses FOK orders that cannot fill whole', async () => {
    await maker.createOrder(SYMBOL, 'limit', 'sell', 0.01, 30500);
    const ioc = await taker.createOrder(SYMBOL, 'limit', 'buy', 0.02, 30500, {
      timeInForce: 'IOC',
    });
    expect(ioc).toMatchObject({ status: 'expired', filled: 0.01, remaining: 0.01 });
    await expect(
      taker.createOrder(SYMBOL, 'limit', 'buy', 0.01, 30500, { timeInForce: 'FOK' }),
    ).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    expect(await taker.fetchOpenOrders(SYMBOL)).toEqual([]);
  });

  it('places a stop-loss limit as freqtrade does: it rests until the price falls to its stop, then fills', async () => {
    // freqtrade's Binance stop-loss on the exchange: type stop_loss_limit with a stopPrice.
    const stop = await maker.createOrder(SYMBOL, 'stop_loss_limit', 'sell', 0.01, 29900, {
      stopPrice: 30000,
    });
    const resting = await maker.fetchOrder(String(stop.id), SYMBOL);
    // ccxt reads STOP_LOSS_LIMIT as a limit order with a trigger price.
    expect(resting).toMatchObject({
      status: 'open',
      type: 'limit',
      filled: 0,
      triggerPrice: 30000,
    });
    expect(resting.info.type).toBe('STOP_LOSS_LIMIT');
    // Not in the book until triggered.
    expect((await taker.fetchOrderBook(SYMBOL)).asks).toEqual([]);
    // A buy stop below the last price (30500) would trigger at once: refused as Binance does.
    await expect(
      taker.createOrder(SYMBOL, 'stop_loss_limit', 'buy', 0.01, 30100, { stopPrice: 30000 }),
    ).rejects.toBeInstanceOf(ccxt.OrderImmediatelyFillable);

    // A trade at 30000 triggers it: it enters the book at 29900, and a buyer there fills it.
    await maker.createOrder(SYMBOL, 'limit', 'sell', 0.001, 30000);
    await taker.createOrder(SYMBOL, 'limit', 'buy', 0.001, 30000);
    expect((await taker.fetchOrderBook(SYMBOL)).asks[0]).toEqual([29900, 0.01]);
    await taker.createOrder(SYMBOL, 'limit', 'buy', 0.01, 29900);
    expect(await maker.fetchOrder(String(stop.id), SYMBOL)).toMatchObject({
      status: 'closed',
      filled: 0.01,
      triggerPrice: 30000,
    });
  });

  it("edits orders as ccxt's editOrder does (order/cancelReplace), answering each half's failure", async () => {
    const first = await maker.createOrder(SYMBOL, 'limit', 'buy', 0.01, 29000);
    const edited = await maker.editOrder(String(first.id), SYMBOL, 'limit', 'buy', 0.02, 29100);
    expect(edited).toMatchObject({ status: 'open', amount: 0.02, price: 29100 });
    expect(edited.id).not.toBe(first.id);
    expect((await maker.fetchOrder(String(first.id), SYMBOL)).status).toBe('canceled');
    // The cancel fails (that order is gone): STOP_ON_FAILURE places nothing, -2022 with `data`.
    await expect(
      maker.editOrder(String(first.id), SYMBOL, 'limit', 'buy', 0.01, 29000),
    ).rejects.toThrow('"cancelResult":"FAILURE","newOrderResult":"NOT_ATTEMPTED"');
    expect((await maker.fetchOpenOrders(SYMBOL)).map((o) => o.id)).toEqual([edited.id]);
    // ALLOW_FAILURE places it anyway: -2021 (409), the new order's answer in `data`.
    const replace = (params: string) =>
      binanceCall(t, makerKey, 'POST', '/order/cancelReplace', {
        body: signedParams(
          makerKey,
          `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&${params}&timestamp=${t.clock.now().getTime()}`,
        ),
      });
    const allowed = await replace(
      `quantity=0.01&price=28000&cancelReplaceMode=ALLOW_FAILURE&cancelOrderId=${first.id}`,
    );
    expect(allowed.statusCode).toBe(409);
    expect(allowed.json()).toMatchObject({
      code: -2021,
      data: {
        cancelResult: 'FAILURE',
        newOrderResult: 'SUCCESS',
        cancelResponse: { code: -2011 },
        newOrderResponse: { status: 'NEW', price: '28000.00000000' },
      },
    });
    // The cancel goes through and the new order cannot be paid for: the old one stays cancelled.
    const unpaid = await replace(
      `quantity=100&price=29000&cancelReplaceMode=STOP_ON_FAILURE&cancelOrderId=${edited.id}`,
    );
    expect(unpaid.json()).toMatchObject({
      code: -2021,
      data: {
        cancelResult: 'SUCCESS',
        newOrderResult: 'FAILURE',
        newOrderResponse: { code: -2010 },
      },
    });
    expect((await maker.fetchOrder(String(edited.id), SYMBOL)).status).toBe('canceled');
    // A malformed new order is refused before anything is cancelled.
    const newest = (allowed.json() as { data: { newOrderResponse: { orderId: number } } }).data;
    const malformed = await replace(
      `price=29000&cancelReplaceMode=STOP_ON_FAILURE&cancelOrderId=${newest.newOrderResponse.orderId}`,
    );
    expect(malformed.json()).toMatchObject({ code: -1102 });
    await maker.cancelOrder(String(newest.newOrderResponse.orderId), SYMBOL);
  });

  it("places Binance's OCO order list as our OCO, lists it and cancels it whole (orderList/oco)", async () => {
    const signed = (method: 'GET' | 'POST', path: string, params: string) =>
      binanceCall(t, makerKey, method, path, {
        [method === 'GET' ? 'query' : 'body']: signedParams(
          makerKey,
          `${params}&timestamp=${t.clock.now().getTime()}`,
        ),
      });
    const legs =
      'symbol=BTCUSDT&side=SELL&quantity=0.01&aboveType=LIMIT_MAKER&abovePrice=31000&belowType=STOP_LOSS_LIMIT&belowStopPrice=29000&belowPrice=28900&belowTimeInForce=GTC';
    const placed = await signed('POST', '/orderList/oco', `${legs}&listClientOrderId=exit-1`);
    expect(placed.statusCode).toBe(200);
    const list = placed.json() as { orderListId: number; orders: { orderId: number }[] };
    const [limitId, stopId] = list.orders.map((o) => o.orderId);
    expect(list).toMatchObject({
      orderListId: limitId,
      contingencyType: 'OCO',
      listClientOrderId: 'exit-1',
      orderReports: [
        { orderId: limitId, type: 'LIMIT_MAKER', price: '31000.00000000', status: 'NEW' },
        {
          orderId: stopId,
          type: 'STOP_LOSS_LIMIT',
          price: '28900.00000000',
          stopPrice: '29000.00000000',
        },
      ],
    });
    const fetched = await maker.fetchOrder(String(stopId), SYMBOL);
    expect(fetched.info).toMatchObject({ orderListId: limitId });
    const open = await signed('GET', '/openOrderList', '');
    expect(open.json()).toEqual([expect.objectContaining({ orderListId: limitId })]);
    // Binance's other combinations are not ours: -1014, nothing placed.
    const takeProfit = await signed(
      'POST',
      '/orderList/oco',
      legs.replace('aboveType=LIMIT_MAKER', 'aboveType=TAKE_PROFIT_LIMIT'),
    );
    expect(takeProfit.json()).toEqual({ code: -1014, msg: 'Unsupported order combination.' });
    // Cancelling one order of the list cancels the other.
    await maker.cancelOrder(String(limitId), SYMBOL);
    expect((await maker.fetchOrder(String(stopId), SYMBOL)).status).toBe('canceled');
    expect((await signed('GET', '/openOrderList', '')).json()).toEqual([]);
  });

  it('answers refusals with the errors ccxt maps to its own classes', async () => {
    await expect(taker.createOrder(SYMBOL, 'limit', 'buy', 10, 29000)).rejects.toBeInstanceOf(
      ccxt.InsufficientFunds,
    );
    await expect(taker.fetchOrder('987654321', SYMBOL)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(taker.cancelOrder('987654321', SYMBOL)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    // Below the pair's minimum value of 10 USDT.
    await expect(taker.createOrder(SYMBOL, 'limit', 'buy', 0.0001, 29000)).rejects.toBeInstanceOf(
      ccxt.BadRequest,
    );
    const badSecret = ccxtBinance(url, { ...makerKey, secret: 'not-the-secret' });
    await badSecret.loadMarkets();
    await expect(badSecret.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    const badKey = ccxtBinance(url, { ...makerKey, apiKey: 'ak_unknown' });
    await badKey.loadMarkets();
    await expect(badKey.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
    await expect(taker.fetchTicker('ETH/USDT')).rejects.toBeInstanceOf(ccxt.BadSymbol);
    // The identity gate (decision D18) holds here too: no verified identity, no order.
    const unverified = ccxtBinance(url, await createKey(t, await member(t, { kyc: 'none' })));
    await unverified.loadMarkets();
    await expect(
      unverified.createOrder(SYMBOL, 'limit', 'buy', 0.01, 29000),
    ).rejects.toBeInstanceOf(ccxt.AccountSuspended);
  });

  it('verifies signatures over the query and form body exactly as received, as Binance does', async () => {
    const sign = (secret: string, text: string) =>
      createHmac('sha256', secret).update(text).digest('hex');
    const call = (method: string, query: string, body = '', key = makerKey) =>
      fetch(`${url}/api/v3/order/test${query ? `?${query}` : ''}`, {
        method,
        headers: {
          'x-mbx-apikey': key.apiKey,
          ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(body && { body }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as object }));
    const now = () => t.clock.now().getTime();
    // Part in the query, part in the body: the signature covers both, concatenated as sent. The
    // query string ends with `&`, so the concatenation reads as the same parameters as the parts;
    // Binance's own example (`…timeInForce=GTC` + `quantity=…`, signing `GTCquantity=…`) does
    // not say where its parameters end and is refused (review N4-M1).
    const bare = `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC`;
    const ambiguous = `quantity=0.01&price=29000&timestamp=${now()}`;
    expect(
      (
        await call(
          'POST',
          bare,
          `${ambiguous}&signature=${sign(makerKey.secret, bare + ambiguous)}`,
        )
      ).body,
    ).toMatchObject({ code: -1022 });
    const query = `${bare}&`;
    const body = `quantity=0.01&price=29000&timestamp=${now()}`;
    const signature = sign(makerKey.secret, query + body);
    expect(await call('POST', query, `${body}&signature=${signature}`)).toEqual({
      status: 200,
      body: {},
    });
    // The same signed request again is refused: an order must not be placed twice.
    expect((await call('POST', query, `${body}&signature=${signature}`)).body).toMatchObject({
      code: -1022,
    });
    // A body changed after signing, a stale timestamp, too wide a window, a key without `trade`.
    const form = (text: string, secret = makerKey.secret) =>
      `${text}&signature=${sign(secret, query + text)}`;
    const changed = form(`quantity=0.01&price=29000&timestamp=${now()}`).replace('0.01', '0.02');
    expect((await call('POST', query, changed)).body).toEqual({
      code: -1022,
      msg: 'Signature for this request is not valid.',
    });
    expect(
      (await call('POST', query, form(`quantity=0.01&timestamp=${now() - 10_000}`))).body,
    ).toEqual({
      code: -1021,
      msg: 'Timestamp for this request is outside of the recvWindow.',
    });
    expect(
      (await call('POST', query, form(`timestamp=${now()}&recvWindow=60001`))).body,
    ).toMatchObject({ code: -1131 });
    const member2 = await member(t);
    const readOnly = await createKey(t, member2, { scopes: ['read'] });
    const signedRead = form(`quantity=0.01&price=29000&timestamp=${now()}`, readOnly.secret);
    expect(await call('POST', query, signedRead, readOnly)).toEqual({
      status: 401,
      body: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' },
    });
  });

  it("reads the wallet through /sapi as ccxt's funding calls do, none leaving for Binance", async () => {
    expect(await taker.fetchStatus()).toMatchObject({ status: 'ok' });
    const fees = await taker.fetchTradingFees();
    expect(fees[SYMBOL]).toMatchObject({ maker: expect.any(Number), taker: expect.any(Number) });
    // Off on load in the README's configuration (it needs a key); asked for here.
    taker.options.fetchCurrencies = true;
    const currencies = await taker.fetchCurrencies();
    expect(currencies.USDT?.networks).toHaveProperty('ERC20');
    const address = await taker.fetchDepositAddress('USDT', { network: 'ERC20' });
    expect(address.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const deposits = await taker.fetchDeposits('USDT');
    expect(deposits.map((d) => [d.currency, d.amount, d.status])).toEqual([['USDT', 50000, 'ok']]);
    expect(await taker.fetchWithdrawals('USDT')).toEqual([]);
  });

  it('leaves the ledger balanced', async () => {
    await t.app.ctx.core.sequencer.idle();
    expect((await auditLedger(t.app.ctx.db)).ok).toBe(true);
  });
});

describe(`ccxt's binance class over Binance's usage limits (${kind})`, () => {
  let t: TestApp;
  let url: string;
  const env = {
    BINANCE_WEIGHT_PER_MINUTE: '30',
    BINANCE_ORDERS_PER_10S: '2',
    BINANCE_ORDERS_PER_DAY: '1000',
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { env });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the limits it enforces in exchangeInfo, and counts each call by its weight', async () => {
    const info = await fetch(`${url}/api/v3/exchangeInfo`);
    expect(info.headers.get('x-mbx-used-weight-1m')).toBe('20');
    expect(((await info.json()) as { rateLimits: unknown }).rateLimits).toEqual([
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 30 },
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 2 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 1000 },
    ]);
    const time = await fetch(`${url}/api/v3/time`);
    expect(time.headers.get('x-mbx-used-weight-1m')).toBe('21');
  });

  it('answers 429 -1003 with Retry-After past the weight, which ccxt raises as DDoS protection, then 418 to a client that keeps going', async () => {
    const client = ccxtBinance(url);
    while (Number((await fetch(`${url}/api/v3/time`)).headers.get('x-mbx-used-weight-1m')) < 30);
    const over = await fetch(`${url}/api/v3/time`);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await over.json()).toMatchObject({ code: -1003 });
    await expect(client.fetchTime()).rejects.toBeInstanceOf(ccxt.DDoSProtection);
    let last = over;
    for (let i = 0; i < 10 && last.status !== 418; i++)
      last = await fetch(`${url}/sapi/v1/anything`);
    expect(last.status).toBe(418);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(await last.json()).toMatchObject({
      code: -1003,
      msg: expect.stringMatching(/banned until \d+/),
    });
    // Our own API is not Binance's: its limit is RATE_LIMIT_MAX, untouched by the weight.
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
  });
});

describe(`Binance's ORDERS limit per account (${kind})`, () => {
  const { t, ids } = useMarketApp(kind, {
    minNotional: '10',
    env: { BINANCE_ORDERS_PER_10S: '2', BINANCE_ORDERS_PER_DAY: '1000' },
  });

  it('counts new orders in X-MBX-ORDER-COUNT-10S and -1D, refuses the third in 10 s with -1015, and reports the counts', async () => {
    const user = await member(t);
    await fund(t, user, ids.usdt, '1000');
    const key = await createKey(t, user);
    let n = 0;
    const signed = (params: string) =>
      signedParams(key, `${params}&timestamp=${t.clock.now().getTime()}&recvWindow=60000&n=${n++}`);
    const place = () =>
      binanceCall(t, key, 'POST', '/order', {
        body: signed(
          'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=20000',
        ),
      });
    const counts: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await place();
      counts.push([
        res.statusCode,
        res.headers['x-mbx-order-count-10s'],
        res.headers['x-mbx-order-count-1d'],
      ]);
      if (i === 2)
        expect(res.json()).toEqual({
          code: -1015,
          msg: 'Too many new orders; current limit is 2 orders per 10 SECOND.',
        });
    }
    expect(counts).toEqual([
      [200, '1', '1'],
      [200, '2', '2'],
      [429, '2', '2'],
    ]);
    const report = await binanceCall(t, key, 'GET', '/rateLimit/order', {
      query: signed('symbol=BTCUSDT'),
    });
    expect(report.json()).toEqual([
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 2, count: 2 },
      { rateLimitType: 'ORDERS', interval: 'DAY', intervalNum: 1, limit: 1000, count: 2 },
    ]);
  });
});
