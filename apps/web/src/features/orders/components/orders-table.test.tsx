import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(cells[6]).toHaveTextContent(/^1,012\.63$/);
  });

  it('shows how much of a cancelled order filled', () => {
    const partly = anOrder({ status: 'cancelled', volume: '0.5', filled_volume: '0.2' });
    render(<OrdersTable orders={[partly]} caption="Order history" />);
    expect(screen.getByRole('columnheader', { name: 'Filled' })).toBeInTheDocument();
    expect(screen.getByTestId('order-filled')).toHaveTextContent(/^0\.2$/);
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
