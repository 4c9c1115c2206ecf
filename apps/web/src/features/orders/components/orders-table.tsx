import type { OrderDto } from '@exchange/contracts';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatPair, formatPrice, formatUsdt } from '@/lib/format';
import styles from './orders-panel.module.css';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** How long after a row leaves a Cancel click is taken as meant for the row that left. */
export const ROWS_SETTLE_MS = 500;

interface OrdersTableProps {
  orders: OrderDto[];
  /** Open orders have an Action column with Cancel. */
  onCancel?: (order: OrderDto) => void;
  cancelling?: string | null;
  caption: string;
}

/**
 * Spec section 2's orders columns, with how much of each order filled (a cancelled order may
 * have partly filled), and the fee and the TDS (section 194S) it paid shown apart, both in the
 * coin it received; Buy in green, Sell in red. Scrolls in its own box.
 */
export function OrdersTable({ orders, onCancel, cancelling, caption }: OrdersTableProps) {
  // A cancelled or filled row leaves, and the row below moves up under the pointer: the second
  // click of a double click, or a click just after a row left, was meant for the row that left
  // and must not cancel another order.
  const shown = useRef<ReadonlySet<string>>(new Set());
  const rowLeftAt = useRef(-Infinity);
  useEffect(() => {
    const now = new Set(orders.map((o) => o._id));
    if ([...shown.current].some((id) => !now.has(id))) rowLeftAt.current = performance.now();
    shown.current = now;
  }, [orders]);
  const cancelOnClick = (order: OrderDto) => (event: MouseEvent) => {
    const repeated = event.detail > 1;
    const moved = performance.now() - rowLeftAt.current < ROWS_SETTLE_MS;
    if (!repeated && !moved) onCancel?.(order);
  };
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Pair</th>
            <th scope="col">Date &amp; Time</th>
            <th scope="col">Order</th>
            <th scope="col">Price</th>
            <th scope="col">Volume</th>
            <th scope="col">Filled</th>
            <th scope="col">Total</th>
            <th scope="col">Fee</th>
            <th scope="col">TDS</th>
            <th scope="col">Order Type</th>
            <th scope="col">Status</th>
            {onCancel && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-testid="order-row">
              <td>{formatPair(order.symbol)}</td>
              <td>{formatDateTime(order.created_at)}</td>
              <td className={order.trade_type === 'buy' ? styles.up : styles.down}>
                {capital(order.trade_type)}
              </td>
              <td>{formatPrice(order.price)}</td>
              <td>{order.volume}</td>
              <td data-testid="order-filled">{order.filled_volume}</td>
              {/* Spec section 9: an order's total to 2 decimals in USDT. */}
              <td>{formatUsdt(order.amount)}</td>
              <td>{`${order.fee} ${order.fee_token}`}</td>
              <td data-testid="order-tds">{`${order.tds} ${order.fee_token}`}</td>
              <td>{capital(order.order_type)}</td>
              <td>{capital(order.status)}</td>
              {onCancel && (
                <td>
                  <Button
                    variant="secondary"
                    className={styles.cancel}
                    busy={cancelling === order._id}
                    disabled={cancelling === order._id}
                    onClick={cancelOnClick(order)}
                  >
                    Cancel
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
