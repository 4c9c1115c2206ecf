import { Spot } from '@binance/connector';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey } from './support/api-keys.js';
import { BACKENDS } from './support/databases.js';
import { guardHosts } from './support/host-guard.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { member } from './support/members.js';

const kind = BACKENDS.at(-1) ?? 'pglite';

/** An error of the connector's as the Binance body it carried: `{code, msg}` and the status. */
async function refusal(call: Promise<unknown>) {
  const err = (await call.then(
    () => expect.fail('the call succeeded'),
    (e: unknown) => e,
  )) as { response?: { status: number; data: unknown } };
  return { status: err.response?.status, body: err.response?.data };
}

/**
 * Binance's own SDK, `@binance/connector`'s `Spot`, configured only with a base URL as the README
 * says: it sends `Content-Type: application/json` with the parameters in the query string and no
 * body, on every method; nothing it does may leave for another host.
 */
describe(`@binance/connector's Spot client (${kind})`, () => {
  const { t, ids } = useMarketApp(kind, { minNotional: '10' });
  let url: string;
  let client: Spot;
  let guard: ReturnType<typeof guardHosts>;

  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    guard = guardHosts(new URL(url).host);
    const user = await member(t);
    await fund(t, user, ids.usdt, '1000');
    const key = await createKey(t, user);
    client = new Spot(key.apiKey, key.secret, { baseURL: url });
  });
  afterAll(() => guard?.release());

  it('places, reads and cancels an order, and reads the account', async () => {
    const placed = await client.newOrder('BTCUSDT', 'BUY', 'LIMIT', {
      price: '20000',
      quantity: '0.01',
      timeInForce: 'GTC',
      newClientOrderId: 'sdk-1',
    });
    expect(placed.status).toBe(200);
    expect(placed.data).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'sdk-1', status: 'NEW' });
    const orderId = (placed.data as { orderId: number }).orderId;

    const read = await client.getOrder('BTCUSDT', { orderId });
    expect(read.data).toMatchObject({ orderId, price: '20000.00000000', status: 'NEW' });
    const open = await client.openOrders({ symbol: 'BTCUSDT' });
    expect((open.data as { orderId: number }[]).map((o) => o.orderId)).toEqual([orderId]);

    const cancelled = await client.cancelOrder('BTCUSDT', { orderId });
    expect(cancelled.data).toMatchObject({ orderId, status: 'CANCELED' });
    const account = await client.account();
    const usdt = (account.data as { balances: { asset: string; free: string }[] }).balances.find(
      (b) => b.asset === 'USDT',
    );
    expect(usdt?.free).toBe('1000.00000000');
  });

  it('places OCOs by orderList/oco (newOCOOrder) and by the deprecated order/oco, as our OCO', async () => {
    const placed = await client.newOCOOrder(
      'BTCUSDT',
      'BUY',
      '0.01',
      'STOP_LOSS_LIMIT',
      'LIMIT_MAKER',
      {
        belowPrice: '19000',
        aboveStopPrice: '40000',
        abovePrice: '40100',
        aboveTimeInForce: 'GTC',
      },
    );
    const list = placed.data as { orderListId: number; orders: { orderId: number }[] };
    expect(list).toMatchObject({ contingencyType: 'OCO', orders: [{}, {}] });
    await client.signRequest('DELETE', '/api/v3/order', {
      symbol: 'BTCUSDT',
      orderId: list.orderListId,
    });

    // The old endpoint, as older clients still send it: price, stopPrice, stopLimitPrice.
    const old = await client.signRequest('POST', '/api/v3/order/oco', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      quantity: '0.01',
      price: '19500',
      stopPrice: '41000',
      stopLimitPrice: '41100',
      stopLimitTimeInForce: 'GTC',
      listClientOrderId: 'old-oco-1',
    });
    const reports = (old.data as { orderReports: Record<string, unknown>[] }).orderReports;
    expect(old.data).toMatchObject({ contingencyType: 'OCO', listClientOrderId: 'old-oco-1' });
    expect(reports.map((r) => [r.type, r.price])).toEqual([
      ['LIMIT_MAKER', '19500.00000000'],
      ['STOP_LOSS_LIMIT', '41100.00000000'],
    ]);
    const open = (await client.signRequest('GET', '/api/v3/openOrderList')).data as unknown[];
    expect(open).toEqual([expect.objectContaining({ listClientOrderId: 'old-oco-1' })]);
    // A market stop leg (no stopLimitPrice) is not an order this exchange has.
    expect(
      await refusal(
        client.signRequest('POST', '/api/v3/order/oco', {
          symbol: 'BTCUSDT',
          side: 'BUY',
          quantity: '0.01',
          price: '19500',
          stopPrice: '41000',
        }),
      ),
    ).toEqual({ status: 400, body: { code: -1014, msg: 'Unsupported order combination.' } });
    await client.cancelOpenOrders('BTCUSDT');
  });

  it('creates, keeps alive and closes a listen key', async () => {
    const created = await client.createListenKey();
    const { listenKey } = created.data as { listenKey: string };
    expect(listenKey).toMatch(/^[\w-]{20,}$/);
    expect((await client.renewListenKey(listenKey)).status).toBe(200);
    expect((await client.closeListenKey(listenKey)).status).toBe(200);
    expect(await refusal(client.renewListenKey(listenKey))).toMatchObject({ status: 400 });
  });

  it("refuses in Binance's words, with numeric codes, never our envelope or the web page", async () => {
    expect(await refusal(client.newOrder('NOPE', 'BUY', 'MARKET', { quantity: '1' }))).toEqual({
      status: 400,
      body: { code: -1121, msg: 'Invalid symbol.' },
    });
    const unsupported = {
      status: 404,
      body: { code: -1020, msg: 'This operation is not supported.' },
    };
    // An endpoint this exchange does not serve, under /api/v3 and under Binance's wallet API.
    expect(await refusal(client.signRequest('POST', '/api/v3/orderList/oto'))).toEqual(unsupported);
    expect(await refusal(client.publicRequest('GET', '/sapi/v1/margin/allPairs'))).toEqual(
      unsupported,
    );
  });

  it("reads the wallet through Binance's /sapi: coins and networks, fees, the deposit address and the histories", async () => {
    expect((await client.publicRequest('GET', '/sapi/v1/system/status')).data).toEqual({
      status: 0,
      msg: 'normal',
    });
    expect((await client.accountStatus()).data).toEqual({ data: 'Normal' });
    const coins = (await client.coinInfo()).data as {
      coin: string;
      free: string;
      networkList: { network: string; withdrawFee: string }[];
    }[];
    const usdt = coins.find((c) => c.coin === 'USDT');
    expect(usdt?.free).toBe('1000');
    expect(usdt?.networkList.map((n) => n.network)).toEqual(expect.arrayContaining(['ETH']));
    expect((await client.tradeFee({ symbol: 'BTCUSDT' })).data).toEqual([
      {
        symbol: 'BTCUSDT',
        makerCommission: expect.any(String),
        takerCommission: expect.any(String),
      },
    ]);
    const address = (await client.depositAddress('USDT', { network: 'ETH' })).data as {
      address: string;
    };
    expect(address).toMatchObject({
      coin: 'USDT',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
    });
    // The funding deposit, credited: Binance's status 1, received at the user's own address.
    expect((await client.depositHistory({ coin: 'USDT' })).data).toEqual([
      expect.objectContaining({
        amount: '1000',
        coin: 'USDT',
        network: 'ETH',
        status: 1,
        address: address.address,
      }),
    ]);
    expect((await client.depositHistory({ coin: 'BTC' })).data).toEqual([]);
    expect((await client.withdrawHistory()).data).toEqual([]);
  });

  it('serves avgPrice, uiKlines, historicalTrades and account/commission', async () => {
    expect((await client.avgPrice('BTCUSDT')).data).toMatchObject({
      mins: 5,
      price: expect.any(String),
      closeTime: expect.any(Number),
    });
    expect(Array.isArray((await client.uiklines('BTCUSDT', '1m')).data)).toBe(true);
    expect(Array.isArray((await client.historicalTrades('BTCUSDT', { fromId: 1 })).data)).toBe(
      true,
    );
    // Not a method of this connector's version: its signed call, as any newer endpoint.
    const commission = client.signRequest('GET', '/api/v3/account/commission', {
      symbol: 'BTCUSDT',
    });
    expect((await commission).data).toMatchObject({
      symbol: 'BTCUSDT',
      standardCommission: { maker: expect.any(String), taker: expect.any(String) },
    });
  });

  it('sent nothing to any other host', () => {
    expect(guard.foreign).toEqual([]);
  });
});
