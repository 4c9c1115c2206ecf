import type { OrderDto } from '@exchange/contracts';

/** An open limit buy of 1 BTC at 100 USDT, with what a test changes. */
export const anOrder = (overrides: Partial<OrderDto> = {}): OrderDto => ({
  _id: '1',
  symbol: 'BTCUSDT',
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  trade_type: 'buy',
  order_type: 'limit',
  price: '100',
  volume: '1',
  amount: '100',
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
  ...overrides,
});
