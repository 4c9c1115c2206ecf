import type { OrderDto } from '@exchange/contracts';
import { useEffect, useRef, type MouseEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
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
 * coin it received; Buy in green, Sell in red. Scrolls in its own box; cards on a phone.
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
  const columns: Column<OrderDto>[] = [
    { key: 'pair', header: 'Pair', role: 'title', cell: (o) => formatPair(o.symbol) },
    { key: 'time', header: 'Date & Time', cell: (o) => formatDateTime(o.created_at) },
    {
      key: 'side',
      header: 'Order',
      cell: (o) => (
        <span className={o.trade_type === 'buy' ? styles.up : styles.down}>
          {capital(o.trade_type)}
        </span>
      ),
    },
    { key: 'price', header: 'Price', cell: (o) => formatPrice(o.price) },
    { key: 'volume', header: 'Volume', cell: (o) => o.volume },
    { key: 'filled', header: 'Filled', testId: 'order-filled', cell: (o) => o.filled_volume },
    // Spec section 9: an order's total to 2 decimals in USDT.
    { key: 'total', header: 'Total', cell: (o) => formatUsdt(o.amount) },
    { key: 'fee', header: 'Fee', cell: (o) => `${o.fee} ${o.fee_token}` },
    { key: 'tds', header: 'TDS', testId: 'order-tds', cell: (o) => `${o.tds} ${o.fee_token}` },
    { key: 'type', header: 'Order Type', cell: (o) => capital(o.order_type) },
    { key: 'status', header: 'Status', cell: (o) => capital(o.status) },
  ];
  if (onCancel)
    columns.push({
      key: 'action',
      header: 'Action',
      role: 'actions',
      cell: (o) => (
        <Button
          variant="secondary"
          className={styles.cancel}
          busy={cancelling === o._id}
          disabled={cancelling === o._id}
          onClick={cancelOnClick(o)}
        >
          Cancel
        </Button>
      ),
    });
  return (
    <DataTable
      label={caption}
      columns={columns}
      rows={orders}
      rowKey={(o) => o._id}
      rowTestId="order-row"
      dense
    />
  );
}
