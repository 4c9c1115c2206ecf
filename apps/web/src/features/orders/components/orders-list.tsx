import type { OrderDto } from '@exchange/contracts';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { ORDERS_PAGE_SIZE, useCancelOrderMutation, useGetOrdersQuery } from '../api/orders-api';
import {
  ordersPageChanged,
  selectAllOrders,
  type AllOrdersState,
  type OrderStatusFilter,
} from '../orders-slice';
import styles from './orders-panel.module.css';
import { OrdersTable } from './orders-table';

/** One orders tab: the user's open orders (with Cancel) or their history, paged, live. */
export function OrdersList({ status }: { status: OrderStatusFilter }) {
  const dispatch = useDispatch();
  const { page } = useSelector((state: { allOrders: AllOrdersState }) => selectAllOrders(state));
  const { data, isLoading, isFetching, isError, refetch } = useGetOrdersQuery({ status, page });
  const [cancel] = useCancelOrderMutation();
  const [cancelling, setCancelling] = useState<string | null>(null);

  const onCancel = async (order: OrderDto) => {
    setCancelling(order._id);
    try {
      const result = await cancel(order._id).unwrap();
      toast.success(result.message);
    } catch {
      toast.error('Failed to cancel order');
    } finally {
      setCancelling(null);
    }
  };

  if (isLoading) return <Spinner label="Loading orders" />;
  if (isError || !data) {
    return (
      <p className={styles.empty} role="alert">
        Your orders could not be loaded.{' '}
        <button type="button" className={styles.link} onClick={() => void refetch()}>
          Try again
        </button>
      </p>
    );
  }
  if (data.data.length === 0 && page === 1) return <p className={styles.empty}>NO DATA</p>;
  const pages = Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE));
  return (
    <div aria-busy={isFetching}>
      <OrdersTable
        orders={data.data}
        caption={status === 'open' ? 'Open orders' : 'Order history'}
        {...(status === 'open' ? { onCancel: (o: OrderDto) => void onCancel(o), cancelling } : {})}
      />
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Orders pages">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => dispatch(ordersPageChanged(page - 1))}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => dispatch(ordersPageChanged(page + 1))}
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
