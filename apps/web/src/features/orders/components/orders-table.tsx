import { QUOTE_ASSET, type OrderDto } from '@exchange/contracts';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatPrice } from '@/lib/format';
import styles from './orders-panel.module.css';

const pairOf = (symbol: string) =>
  symbol.endsWith(QUOTE_ASSET) ? `${symbol.slice(0, -QUOTE_ASSET.length)}/${QUOTE_ASSET}` : symbol;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface OrdersTableProps {
  orders: OrderDto[];
  /** Open orders have an Action column with Cancel. */
  onCancel?: (order: OrderDto) => void;
  cancelling?: string | null;
  caption: string;
}

/** Spec section 2's orders columns; Buy in green, Sell in red. Scrolls in its own box. */
export function OrdersTable({ orders, onCancel, cancelling, caption }: OrdersTableProps) {
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
            <th scope="col">Total</th>
            <th scope="col">Order Type</th>
            <th scope="col">Status</th>
            {onCancel && <th scope="col">Action</th>}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id} data-testid="order-row">
              <td>{pairOf(order.symbol)}</td>
              <td>{formatDateTime(order.created_at)}</td>
              <td className={order.trade_type === 'buy' ? styles.up : styles.down}>
                {capital(order.trade_type)}
              </td>
              <td>{formatPrice(order.price)}</td>
              <td>{order.volume}</td>
              <td>{formatPrice(order.amount)}</td>
              <td>{capital(order.order_type)}</td>
              <td>{capital(order.status)}</td>
              {onCancel && (
                <td>
                  <Button
                    variant="secondary"
                    className={styles.cancel}
                    busy={cancelling === order._id}
                    disabled={cancelling === order._id}
                    onClick={() => onCancel(order)}
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
