import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n/i18n';
import { anOrder } from '@/testing/orders';
import { OrdersTable, ROWS_SETTLE_MS } from './orders-table';

const order = anOrder({
  _id: 'o1',
  price: '77894.88',
  volume: '0.013',
  amount: '1012.63344',
});

describe('OrdersTable', () => {
  it('shows the total to 2 decimals with thousands grouped (spec section 9)', () => {
    render(<OrdersTable orders={[order]} caption="Open orders" />);
    const cells = within(screen.getByTestId('order-row')).getAllByRole('cell');
    expect(cells[3]).toHaveTextContent('77,894.88');
    expect(cells[7]).toHaveTextContent(/^1,012\.63$/);
  });

  it('shows how much of a cancelled order filled', () => {
    const partly = anOrder({ status: 'cancelled', volume: '0.5', filled_volume: '0.2' });
    render(<OrdersTable orders={[partly]} caption="Order history" />);
    expect(screen.getByRole('columnheader', { name: 'Filled' })).toBeInTheDocument();
    expect(screen.getByTestId('order-filled')).toHaveTextContent(/^0\.2$/);
  });

  it("shows an order's side and status as words in the language on screen, not the API's", async () => {
    const sold = anOrder({ trade_type: 'sell', status: 'cancelled' });
    render(<OrdersTable orders={[sold]} caption="Order history" />);
    const row = screen.getByTestId('order-row');
    expect(within(row).getByText('Sell')).toBeInTheDocument();
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('cancelled');
    try {
      await act(() => setLanguage('hi', { remember: false }));
      expect(within(row).getByText('बेचें')).toBeInTheDocument();
      expect(within(row).getByText('रद्द')).toBeInTheDocument();
      expect(screen.getByRole('columnheader', { name: 'स्थिति' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en', { remember: false }));
    }
  });

  describe('Cancel, when a row leaves and the next moves under the pointer', () => {
    afterEach(() => vi.useRealTimers());
    const first = anOrder({ _id: 'a' });
    const second = anOrder({ _id: 'b' });
    const cancelOf = (id: string) =>
      within(screen.getAllByTestId('order-row')[id === 'a' ? 0 : 1] as HTMLElement).getByRole(
        'button',
        { name: 'Cancel' },
      );

    it("ignores a double click's second click", () => {
      const onCancel = vi.fn();
      render(<OrdersTable orders={[first, second]} onCancel={onCancel} caption="Open orders" />);
      fireEvent.click(cancelOf('a'), { detail: 1 });
      fireEvent.click(cancelOf('a'), { detail: 2 });
      expect(onCancel.mock.calls.map(([o]) => (o as { _id: string })._id)).toEqual(['a']);
    });

    it('ignores a click just after a row left, and takes one once the rows have settled', () => {
      vi.useFakeTimers({ toFake: ['performance'] });
      const onCancel = vi.fn();
      const { rerender } = render(
        <OrdersTable orders={[first, second]} onCancel={onCancel} caption="Open orders" />,
      );
      rerender(<OrdersTable orders={[second]} onCancel={onCancel} caption="Open orders" />);
      const cancel = within(screen.getByTestId('order-row')).getByRole('button', {
        name: 'Cancel',
      });
      fireEvent.click(cancel, { detail: 1 });
      expect(onCancel).not.toHaveBeenCalled();
      vi.advanceTimersByTime(ROWS_SETTLE_MS);
      fireEvent.click(cancel, { detail: 1 });
      expect(onCancel).toHaveBeenCalledWith(second);
    });
  });
});

describe('OrdersTable stop orders', () => {
  it('shows where a stop triggers, that it has, and which orders are an OCO', () => {
    const waiting = anOrder({
      _id: 's1',
      order_type: 'stop_limit',
      trade_type: 'sell',
      stop_price: '60000',
    });
    const triggered = anOrder({
      _id: 's2',
      order_type: 'stop_limit',
      stop_price: '70000',
      triggered_at: '2026-11-23T10:05:00.000Z',
      oco_id: '9',
    });
    render(<OrdersTable orders={[waiting, triggered, order]} caption="Open orders" />);
    expect(screen.getByRole('columnheader', { name: 'Trigger' })).toBeInTheDocument();
    const cells = screen.getAllByTestId('order-trigger');
    expect(cells[0]).toHaveTextContent('≤ 60,000.00');
    expect(cells[1]).toHaveTextContent('Triggered at 70,000.00');
    expect(cells[2]).toHaveTextContent('—');
    expect(screen.getByText('Stop-limit (OCO)')).toBeInTheDocument();
  });
});
