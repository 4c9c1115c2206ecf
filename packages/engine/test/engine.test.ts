import { describe, expect, it } from 'vitest';
import { Engine, EventBuffer, type EngineEvent, validateBook } from '../src/index.js';

describe('Engine', () => {
  it('resets a book to an empty one of the same spec, which restored orders refill exactly', () => {
    const engine = new Engine();
    engine.addBook({ symbol: 'BTCUSDT', tickSize: '0.01', lotSize: '0.001' });
    const orders = [
      { orderId: 1, account: 1, side: 'sell' as const, price: 105, quantity: 3 },
      { orderId: 2, account: 2, side: 'sell' as const, price: 105, quantity: 4 },
      { orderId: 3, account: 3, side: 'buy' as const, price: 100, quantity: 5 },
    ];
    for (const o of orders)
      engine.execute({ type: 'limit', symbol: 'BTCUSDT', tif: 'GTC', ...o }, []);
    const hash = engine.stateHash();
    const book = engine.resetBook('BTCUSDT');
    expect(book.depth(10)).toEqual({ bids: [], asks: [] });
    const seqs = { depthSeq: book.depthSeq, tradeSeq: book.tradeSeq };
    expect(seqs).toEqual({ depthSeq: 0, tradeSeq: 0 });
    // Oldest first keeps time priority; the sequence numbers are the caller's to put back.
    book.depthSeq = 3;
    for (const o of orders) book.restoreOrder({ ...o, remaining: o.quantity, filled: 0 });
    expect(engine.stateHash()).toBe(hash);
    validateBook(book);
  });

  it('holds 1,300 books, each matching independently', () => {
    const engine = new Engine();
    const symbols = Array.from({ length: 1300 }, (_, i) => `C${i}USDT`);
    for (const symbol of symbols) engine.addBook({ symbol, tickSize: '0.01', lotSize: '0.001' });
    symbols.forEach((symbol, i) => {
      engine.execute(
        {
          type: 'limit',
          symbol,
          orderId: i * 2 + 1,
          account: 1,
          side: 'sell',
          price: 100 + i,
          quantity: 5,
          tif: 'GTC',
        },
        [],
      );
    });
    const events: EngineEvent[] = [];
    engine.execute(
      {
        type: 'limit',
        symbol: 'C1299USDT',
        orderId: 9999,
        account: 2,
        side: 'buy',
        price: 1399,
        quantity: 2,
        tif: 'GTC',
      },
      events,
    );
    expect(events.filter((e) => e.type === 'trade')).toMatchObject([
      { symbol: 'C1299USDT', price: 1399, quantity: 2 },
    ]);
    expect(engine.symbols()).toHaveLength(1300);
    expect(engine.bestAsk('C0USDT')).toEqual([100, 5]);
    expect(engine.bestAsk('C1299USDT')).toEqual([1399, 3]);
    for (const symbol of symbols) expect(validateBook(engine.book(symbol)!)).toEqual([]);
  });

  it('answers best bid and ask, top levels and an order by id', () => {
    const engine = new Engine();
    engine.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' });
    const place = (orderId: number, side: 'buy' | 'sell', price: number, quantity: number) =>
      engine.execute(
        {
          type: 'limit',
          symbol: 'X',
          orderId,
          account: orderId,
          side,
          price,
          quantity,
          tif: 'GTC',
        },
        [],
      );
    place(1, 'buy', 10, 1);
    place(2, 'buy', 11, 2);
    place(3, 'buy', 11, 3);
    place(4, 'sell', 13, 4);
    place(5, 'sell', 12, 5);
    expect(engine.bestBid('X')).toEqual([11, 5]);
    expect(engine.bestAsk('X')).toEqual([12, 5]);
    expect(engine.depth('X', 1)).toEqual({ bids: [[11, 5]], asks: [[12, 5]] });
    expect(engine.depth('X', 5)).toEqual({
      bids: [
        [11, 5],
        [10, 1],
      ],
      asks: [
        [12, 5],
        [13, 4],
      ],
    });
    expect(engine.order('X', 3)).toEqual({
      orderId: 3,
      account: 3,
      side: 'buy',
      price: 11,
      remaining: 3,
      filled: 0,
    });
    expect(engine.order('X', 42)).toBeUndefined();
    expect(engine.bestBid('NOPE')).toBeUndefined();
  });

  it('refuses a malformed book spec and a second book for a symbol', () => {
    const engine = new Engine();
    engine.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' });
    expect(() => engine.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' })).toThrow(
      /already exists/,
    );
    expect(() => engine.addBook({ symbol: 'Y', tickSize: '0', lotSize: '1' })).toThrow(/bad step/);
    expect(() =>
      engine.addBook({
        symbol: 'Y',
        tickSize: '1',
        lotSize: '1',
        maxPrice: 2 ** 30,
        maxQuantity: 2 ** 30,
      }),
    ).toThrow(/safe integer/);
  });

  it('different state gives a different hash', () => {
    const a = new Engine();
    a.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' });
    const before = a.stateHash();
    a.execute(
      {
        type: 'limit',
        symbol: 'X',
        orderId: 1,
        account: 1,
        side: 'buy',
        price: 10,
        quantity: 1,
        tif: 'GTC',
      },
      [],
    );
    expect(a.stateHash()).not.toBe(before);
    expect(Engine.restore(a.snapshot()).stateHash()).toBe(a.stateHash());
  });

  it('writes the same events into a reusable EventBuffer as into an array', () => {
    const engine = new Engine();
    engine.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' });
    const buffer = new EventBuffer();
    const collected: EngineEvent[][] = [];
    const array: EngineEvent[] = [];
    const commands = [
      {
        type: 'limit',
        symbol: 'X',
        orderId: 1,
        account: 1,
        side: 'sell',
        price: 10,
        quantity: 3,
        tif: 'GTC',
      },
      {
        type: 'limit',
        symbol: 'X',
        orderId: 2,
        account: 2,
        side: 'buy',
        price: 10,
        quantity: 1,
        tif: 'GTC',
      },
      { type: 'cancel', symbol: 'X', orderId: 1 },
    ] as const;
    const twin = new Engine();
    twin.addBook({ symbol: 'X', tickSize: '1', lotSize: '1' });
    for (const command of commands) {
      buffer.clear();
      engine.execute(command, buffer);
      collected.push(buffer.toArray());
      twin.execute(command, array);
    }
    expect(collected.flat()).toEqual(array);
    expect(collected.map((events) => events.length)).toEqual([2, 4, 2]);
  });
});
