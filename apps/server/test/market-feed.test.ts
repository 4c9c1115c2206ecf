import type {
  ClientToServerEvents,
  OrderBookUpdate,
  OrderDto,
  RecentTrade,
  ServerToClientEvents,
  SocketPayload,
  Ticker,
  TickerStats,
  WalletBalance,
} from '@exchange/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './support/databases.js';
import { fund } from './support/market.js';
import { useMarketApp } from './support/market-app.js';
import { authed, member, type Member } from './support/members.js';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Every event a socket received, by name, in order. */
class Recorder {
  readonly events: { name: string; payload: SocketPayload<unknown> }[] = [];
  constructor(readonly socket: Client) {
    socket.onAny((name: string, payload: SocketPayload<unknown>) =>
      this.events.push({ name, payload }),
    );
  }
  of<T>(name: string): T[] {
    return this.events.filter((e) => e.name === name).map((e) => e.payload.data as T);
  }
  /** Resolves with the first event named `name` received so far or soon that passes `test`. */
  async next<T>(name: string, test: (data: T) => boolean = () => true, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.of<T>(name).find(test);
      if (hit !== undefined) return hit;
      if (Date.now() > deadline) throw new Error(`no ${name} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  clear() {
    this.events.length = 0;
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(BACKENDS)('the realtime feed with a real Socket.IO client on %s', (kind) => {
  const { t, ids } = useMarketApp(kind);
  let url: string;
  let seller: Member;
  let buyer: Member;
  const sockets: Client[] = [];

  async function open(token?: string): Promise<Recorder> {
    const socket: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(token ? { auth: { token } } : {}),
    });
    sockets.push(socket);
    const recorder = new Recorder(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return recorder;
  }
  const subscribe = (r: Recorder, symbol: string) =>
    r.socket.emitWithAck('subscribe', symbol) as Promise<{ ok: boolean; message?: string }>;
  const order = (user: Member, side: string, price: string, volume: string) =>
    authed(t, 'POST', '/orders/spot', user.token, {
      symbol: 'BTCUSDT',
      order_type: 'limit',
      trade_type: side,
      price,
      volume,
    });

  beforeAll(async () => {
    const { btc, usdt } = ids;
    seller = await member(t);
    buyer = await member(t);
    await fund(t, seller, btc, '2');
    await fund(t, buyer, usdt, '100000');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = address;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
  });

  it('streams book updates with continuous sequence numbers, trades and tickers to subscribers', async () => {
    const watcher = await open();
    expect(await subscribe(watcher, 'btcusdt')).toEqual({ ok: true });
    expect(await subscribe(watcher, 'NOPEUSDT')).toEqual({
      ok: false,
      message: 'Unknown symbol NOPEUSDT',
    });
    const snapshot = (await t.request({ url: '/api/v1/symbols/BTCUSDT/orderbook' })).json().data;

    expect((await order(seller, 'sell', '30000', '0.5')).statusCode).toBe(200);
    const first = await watcher.next<OrderBookUpdate>('orderbook_update@BTCUSDT');
    expect(first).toEqual({
      symbol: 'BTCUSDT',
      asks: [['30000', '0.5']],
      bids: [],
      seq: snapshot.seq + 1,
      prev_seq: snapshot.seq,
    });

    expect((await order(buyer, 'buy', '30100', '0.2')).statusCode).toBe(200);
    const trades = await watcher.next<RecentTrade[]>('trade_update@BTCUSDT');
    expect(trades).toEqual([
      expect.objectContaining({ symbol: 'BTCUSDT', price: '30000', quantity: '0.2', side: 'buy' }),
    ]);
    const second = await watcher.next<OrderBookUpdate>(
      'orderbook_update@BTCUSDT',
      (u) => u.seq > first.seq,
    );
    expect(second).toMatchObject({ asks: [['30000', '0.3']], prev_seq: first.seq });

    const ticker = await watcher.next<TickerStats>('ticker_update@BTCUSDT');
    expect(ticker).toMatchObject({ symbol: 'BTCUSDT', price: '30000', volume: '0.2' });
    expect(ticker).toHaveProperty('high', '30000');
    const all = await watcher.next<Ticker>('all_ticker_update');
    expect(all).toMatchObject({ symbol: 'BTCUSDT', price: '30000', price_percent_change: '0.00' });
    // Every payload is stamped with its send time.
    expect(watcher.events.every((e) => typeof e.payload.ts === 'number')).toBe(true);

    // A burst of changes between two flushes arrives as one update per flush, still continuous.
    await Promise.all([
      order(buyer, 'buy', '29000', '0.1'),
      order(buyer, 'buy', '29000', '0.1'),
      order(buyer, 'buy', '28000', '0.1'),
    ]);
    await watcher.next<OrderBookUpdate>('orderbook_update@BTCUSDT', (u) =>
      u.bids.some(([p, a]) => p === '28000' && a === '0.1'),
    );
    const updates = watcher.of<OrderBookUpdate>('orderbook_update@BTCUSDT');
    for (let i = 1; i < updates.length; i++) expect(updates[i]?.prev_seq).toBe(updates[i - 1]?.seq);
    const book = (await t.request({ url: '/api/v1/symbols/BTCUSDT/orderbook' })).json().data;
    expect(book.seq).toBe(updates.at(-1)?.seq);
    expect(book.bids).toEqual([
      ['29000', '0.2'],
      ['28000', '0.1'],
    ]);
  });

  it('stops a symbol’s events after unsubscribe, while all_ticker_update still comes', async () => {
    const watcher = await open();
    await subscribe(watcher, 'BTCUSDT');
    expect((await order(seller, 'sell', '31000', '0.01')).statusCode).toBe(200);
    await watcher.next('orderbook_update@BTCUSDT');
    expect(await watcher.socket.emitWithAck('unsubscribe', 'BTCUSDT')).toEqual({ ok: true });
    watcher.clear();
    expect((await order(seller, 'sell', '31000', '0.01')).statusCode).toBe(200);
    expect((await order(buyer, 'buy', '31000', '0.02')).statusCode).toBe(200);
    await watcher.next('all_ticker_update', () => true, 3000);
    await pause(300);
    const names = watcher.events.map((e) => e.name);
    expect(names).toContain('all_ticker_update');
    expect(names.filter((n) => n.endsWith('@BTCUSDT'))).toEqual([]);
  });

  it('sends a signed-in socket its own order and balance updates, and nobody else’s', async () => {
    const sellerSocket = await open(seller.token);
    const buyerSocket = await open(buyer.token);
    const visitor = await open('not-a-valid-token');
    // Below the resting 30000 ask and above the 29000 bids: the best ask, taken in part.
    const ask = (await order(seller, 'sell', '29500', '0.4')).json().data as OrderDto;
    expect((await order(buyer, 'buy', '29500', '0.1')).statusCode).toBe(200);

    // Placing the ask was news too (it rests and holds funds); the fill is the update after it.
    const filled = await sellerSocket.next<OrderDto>(
      'order_update',
      (o) => o._id === ask._id && o.filled_volume !== '0',
    );
    expect(filled).toMatchObject({ status: 'open', filled_volume: '0.1', price: '29500' });
    const wallets = (await authed(t, 'GET', '/wallets/spot', seller.token)).json().data as {
      short_name: string;
      locked_balance: string;
    }[];
    const locked = wallets.find((w) => w.short_name === 'BTC')?.locked_balance;
    // What the socket says is what the API answers: an update after the fill carries it (an
    // earlier one, from placing the ask, may have come first).
    const spotBtcOf = (balances: WalletBalance[]) =>
      balances.find((b) => b.token.symbol === 'BTC' && b.wallet_type === 'spot');
    const balances = await sellerSocket.next<WalletBalance[]>(
      'balance_update',
      (b) => spotBtcOf(b)?.locked_balance === locked,
    );
    expect(balances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          wallet_type: 'spot',
          token: expect.objectContaining({ symbol: 'USDT' }),
        }),
      ]),
    );

    const mine = await buyerSocket.next<OrderDto>('order_update');
    expect(mine).toMatchObject({ status: 'filled', trade_type: 'buy' });
    await buyerSocket.next('balance_update');

    // Cancelling tells the owner too.
    await t.request({
      method: 'PATCH',
      url: `/api/v1/orders/spot/${ask._id}`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { status: 'cancelled' },
    });
    await sellerSocket.next<OrderDto>('order_update', (o) => o.status === 'cancelled');

    // An order that rests without trading is news for its owner too: it holds funds.
    const resting = (await order(seller, 'sell', '45000', '0.05')).json().data as OrderDto;
    const placed = await sellerSocket.next<OrderDto>('order_update', (o) => o._id === resting._id);
    expect(placed).toMatchObject({ status: 'open', filled_volume: '0' });
    await sellerSocket.next('balance_update');
    await pause(300);

    const sellerOrders = new Set(sellerSocket.of<OrderDto>('order_update').map((o) => o._id));
    const buyerOrders = buyerSocket.of<OrderDto>('order_update').map((o) => o._id);
    expect(buyerOrders.length).toBeGreaterThan(0);
    expect(buyerOrders.some((id) => sellerOrders.has(id))).toBe(false);
    expect(sellerOrders.has(ask._id)).toBe(true);
    expect(visitor.of('order_update')).toEqual([]);
    expect(visitor.of('balance_update')).toEqual([]);
  });
});
