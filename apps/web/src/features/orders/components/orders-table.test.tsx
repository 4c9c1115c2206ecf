import type { OrderDto } from '@exchange/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrdersTable } from './orders-table';

const order: OrderDto = {
  _id: 'o1',
  symbol: 'BTCUSDT',
  created_at: '2026-11-24T08:12:00.000Z',
  updated_at: '2026-11-24T08:12:00.000Z',
  trade_type: 'buy',
  order_type: 'limit',
  price: '77894.88',
  volume: '0.013',
  amount: '1012.63344',
  status: 'open',
  filled_volume: '0',
  average_price: '0',
  fee: '0',
  fee_token: 'BTC',
  tds: '0',
  cancel_reason: null,
  client_order_id: null,
};

describe('OrdersTable', () => {
  it('shows the total to 2 decimals with thousands grouped (spec section 9)', () => {
    render(<OrdersTable orders={[order]} caption="Open orders" />);
    const cells = within(screen.getByTestId('order-row')).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('77,894.88');
    expect(cells[5]).toHaveTextContent(/^1,012\.63$/);
  });
});
