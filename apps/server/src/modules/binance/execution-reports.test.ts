import type { OrderDto } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../core/money.js';
import type { OrderFill } from '../market/user-updates.js';
import { executionReports } from './execution-reports.js';

const order = (over: Partial<OrderDto>): OrderDto => ({
  _id: '7',
  symbol: 'BTCUSDT',
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:01.000Z',
  trade_type: 'buy',
  order_type: 'market',
  price: '0',
  volume: '0.03',
  amount: '0',
  status: 'open',
  filled_volume: '0',
  average_price: '0',
  fee: '0',
  fee_token: 'BTC',
  tds: '0',
  cancel_reason: null,
  client_order_id: null,
  stop_price: null,
  triggered_at: null,
  oco_id: null,
  post_only: false,
  quote_budget: null,
  ...over,
});

const fill = (tradeId: number, price: string, quantity: string, quote: string): OrderFill => ({
  tradeId,
  price,
  quantity,
  quote,
  fee: '0.00001',
  feeAsset: 'BTC',
  maker: false,
  time: 1_795_000_000_000 + tradeId,
});

const units = (decimal: string) => parseAmount(decimal) ?? 0n;
const pick = (r: Record<string, unknown>) => [r.x, r.X, r.t, r.l, r.L, r.z, r.Z, r.n, r.N];

describe("Binance's executionReports of an order update", () => {
  it('names a post-only limit order LIMIT_MAKER, others by their kind', () => {
    const typeOf = (over: Partial<OrderDto>) =>
      executionReports(order(over), undefined, [], 0).reports[0]?.o;
    expect(typeOf({ order_type: 'limit', post_only: true })).toBe('LIMIT_MAKER');
    expect(typeOf({ order_type: 'limit' })).toBe('LIMIT');
    expect(typeOf({ order_type: 'stop_limit' })).toBe('STOP_LOSS_LIMIT');
    expect(typeOf({})).toBe('MARKET');
  });

  it('tells a market order that took two levels as NEW, then one TRADE per fill', () => {
    const filled = order({ status: 'filled', filled_volume: '0.03', average_price: '30010' });
    const fills = [fill(11, '30000', '0.02', '600'), fill(12, '30030', '0.01', '300.3')];
    const { reports, progress } = executionReports(filled, undefined, fills, 0);
    expect(reports.map(pick)).toEqual([
      [
        'NEW',
        'NEW',
        -1,
        '0.00000000',
        '0.00000000',
        '0.00000000',
        '0.00000000',
        '0.00000000',
        null,
      ],
      [
        'TRADE',
        'PARTIALLY_FILLED',
        11,
        '0.02000000',
        '30000.00000000',
        '0.02000000',
        '600.00000000',
        '0.00001000',
        'BTC',
      ],
      [
        'TRADE',
        'FILLED',
        12,
        '0.01000000',
        '30030.00000000',
        '0.03000000',
        '900.30000000',
        '0.00001000',
        'BTC',
      ],
    ]);
    expect(progress).toEqual({ filled: units('0.03'), quote: units('900.3') });
  });

  it('tells an order cancelled before it was ever told as NEW, then CANCELED; an unfilled IOC as EXPIRED', () => {
    const cancelled = executionReports(
      order({ status: 'cancelled', cancel_reason: 'user' }),
      undefined,
      [],
      0,
    );
    expect(cancelled.reports.map((r) => [r.x, r.X])).toEqual([
      ['NEW', 'NEW'],
      ['CANCELED', 'CANCELED'],
    ]);
    const expired = executionReports(
      order({ status: 'cancelled', cancel_reason: 'unfilled' }),
      { filled: 0n, quote: 0n },
      [],
      0,
    );
    expect(expired.reports.map((r) => [r.x, r.X])).toEqual([['EXPIRED', 'EXPIRED']]);
  });

  it('continues from what was told, and sums fills it was not given one by one', () => {
    const open = order({
      order_type: 'limit',
      price: '30000',
      filled_volume: '0.02',
      average_price: '30000',
    });
    const before = { filled: units('0.01'), quote: units('300') };
    const { reports } = executionReports(open, before, [], 0);
    expect(reports.map(pick)).toEqual([
      [
        'TRADE',
        'PARTIALLY_FILLED',
        -1,
        '0.01000000',
        '30000.00000000',
        '0.02000000',
        '600.00000000',
        '0.00000000',
        'BTC',
      ],
    ]);
    const same = executionReports(open, { filled: units('0.02'), quote: units('600') }, [], 0);
    expect(same.reports.map((r) => [r.x, r.X, r.l])).toEqual([
      ['NEW', 'PARTIALLY_FILLED', '0.00000000'],
    ]);
  });
});
