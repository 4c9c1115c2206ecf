import type { OrderDto } from '@exchange/contracts';
import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatDateTime, formatPair, formatPrice, formatUsdt } from '@/lib/format';
import styles from './orders-panel.module.css';

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
 * have partly filled) at what average price, and the fee and the TDS (section 194S) it paid shown apart, both in the
 * coin it received; Buy in green, Sell in red. Scrolls in its own box; cards on a phone.
 */
export function OrdersTable({ orders, onCancel, cancelling, caption }: OrdersTableProps) {
  const { t } = useTranslation('orders');
  const { t: stops } = useTranslation('stop-orders');
  // A stop shows where it triggers (a sell at or below its stop, a buy at or above), or that it
  // has; an OCO's two orders say so beside their type.
  const trigger = (o: OrderDto) => {
    if (o.stop_price === null) return '—';
    const price = formatPrice(o.stop_price);
    if (o.triggered_at !== null) return stops('table.triggered', { price });
    return stops('table.waiting', { sign: o.trade_type === 'sell' ? '≤' : '≥', price });
  };
  const typeOf = (o: OrderDto) => {
    const type = stops(`types.${o.order_type}`);
    return o.oco_id === null ? type : stops('table.oco', { type });
  };
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
    { key: 'pair', header: t('table.pair'), role: 'title', cell: (o) => formatPair(o.symbol) },
    { key: 'time', header: t('table.time'), cell: (o) => formatDateTime(o.created_at) },
    {
      key: 'side',
      header: t('table.order'),
      cell: (o) => (
        <span className={o.trade_type === 'buy' ? styles.up : styles.down}>
          {t(`sides.${o.trade_type}`)}
        </span>
      ),
    },
    { key: 'price', header: t('table.price'), cell: (o) => formatPrice(o.price) },
    { key: 'volume', header: t('table.volume'), cell: (o) => o.volume },
    {
      key: 'filled',
      header: t('table.filled'),
      testId: 'order-filled',
      cell: (o) => o.filled_volume,
    },
    {
      key: 'average',
      header: t('table.average'),
      testId: 'order-average',
      cell: (o) => (o.filled_volume === '0' ? '-' : formatPrice(o.average_price)),
    },
    // Spec section 9: an order's total to 2 decimals in USDT.
    { key: 'total', header: t('table.total'), cell: (o) => formatUsdt(o.amount) },
    { key: 'fee', header: t('table.fee'), cell: (o) => `${o.fee} ${o.fee_token}` },
    {
      key: 'tds',
      header: t('table.tds'),
      testId: 'order-tds',
      cell: (o) => `${o.tds} ${o.fee_token}`,
    },
    { key: 'type', header: t('table.type'), cell: typeOf },
    { key: 'trigger', header: stops('table.trigger'), testId: 'order-trigger', cell: trigger },
    { key: 'status', header: t('table.status'), cell: (o) => t(`statuses.${o.status}`) },
  ];
  if (onCancel)
    columns.push({
      key: 'action',
      header: t('table.action'),
      role: 'actions',
      cell: (o) => (
        <Button
          variant="secondary"
          className={styles.cancel}
          busy={cancelling === o._id}
          disabled={cancelling === o._id}
          onClick={cancelOnClick(o)}
        >
          {t('table.cancel')}
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
