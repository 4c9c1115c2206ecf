import type { OrderDto } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('orders');
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
      toast.error(t('list.cancelFailed'));
    } finally {
      setCancelling(null);
    }
  };

  if (isLoading) return <Spinner label={t('list.loading')} />;
  if (isError || !data) {
    return (
      <p className={styles.empty} role="alert">
        {t('list.loadFailed')}{' '}
        <button type="button" className={styles.link} onClick={() => void refetch()}>
          {t('list.retry')}
        </button>
      </p>
    );
  }
  if (data.data.length === 0 && page === 1)
    return <p className={styles.empty}>{t('list.empty')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE));
  return (
    <div aria-busy={isFetching}>
      <OrdersTable
        orders={data.data}
        caption={t(status === 'open' ? 'list.open' : 'list.history')}
        {...(status === 'open' ? { onCancel: (o: OrderDto) => void onCancel(o), cancelling } : {})}
      />
      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('list.pages')}>
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => dispatch(ordersPageChanged(page - 1))}
          >
            {t('list.previous')}
          </button>
          <span>{t('list.page', { page, pages })}</span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => dispatch(ordersPageChanged(page + 1))}
          >
            {t('list.next')}
          </button>
        </nav>
      )}
    </div>
  );
}
