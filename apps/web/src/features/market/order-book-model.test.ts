import { describe, expect, it } from 'vitest';
import { applyUpdate, bookFromSnapshot, viewOf } from './order-book-model';
import { addTrades } from './recent-trades-model';

const update = (seq: number, prev_seq: number, asks: [string, string][] = []) => ({
  symbol: 'BTCUSDT',
  seq,
  prev_seq,
  asks,
  bids: [] as [string, string][],
});

describe('order book model', () => {
  it('drops non-positive amounts, sorts asks up and bids down', () => {
    const book = bookFromSnapshot({
      seq: 1,
      asks: [
        ['101', '2'],
        ['100.5', '0'],
        ['100', '1.5'],
      ],
      bids: [
        ['98', '1'],
        ['99', '-1'],
        ['99.5', '3'],
      ],
    });
    const view = viewOf(book);
    expect(view.asks.map((r) => r.price)).toEqual(['100', '101']);
    expect(view.bids.map((r) => r.price)).toEqual(['99.5', '98']);
    expect(view.asks[0]).toEqual({ price: '100', amount: '1.5' });
  });

  it('follows the sequence rules: stale skipped, overlapping applied, gap reported', () => {
    const book = bookFromSnapshot({ seq: 5, asks: [['100', '1']], bids: [] });
    expect(applyUpdate(book, update(5, 4, [['100', '9']]))).toBe('stale');
    expect(applyUpdate(book, update(7, 4, [['100', '2']]))).toBe('applied');
    expect(viewOf(book).asks[0]?.amount).toBe('2');
    expect(applyUpdate(book, update(9, 8, [['100', '3']]))).toBe('gap');
    expect(applyUpdate(book, update(10, -1))).toBe('gap');
    expect(applyUpdate(book, update(8, 7, [['100', '0']]))).toBe('applied');
    expect(viewOf(book).asks).toEqual([]);
  });
});

describe('recent trades model', () => {
  const trade = (id: string, price: string) => ({
    id,
    symbol: 'BTCUSDT',
    price,
    quantity: '1',
    time: 0,
    side: 'buy' as const,
  });

  it('adds trades newest first, ignoring one at the latest price, keeping 50', () => {
    const list = [trade('1', '100')];
    const next = addTrades(list, [trade('2', '100'), trade('3', '101'), trade('4', '102')]);
    expect(next.map((t) => t.id)).toEqual(['4', '3', '1']);
    const many = Array.from({ length: 60 }, (_, i) => trade(String(i + 10), String(200 + i)));
    expect(addTrades(next, many)).toHaveLength(50);
  });
});
