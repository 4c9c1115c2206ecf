import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { RichText } from '@/i18n/rich-text';
import {
  orderStatusChanged,
  selectAllOrders,
  type AllOrdersState,
  type OrderStatusFilter,
} from '../orders-slice';
import { OrdersList } from './orders-list';
import styles from './orders-panel.module.css';

/** Loaded when its tab is first chosen: the trading screen's first visit does without it. */
const TradeHistory = lazy(() => import('./trade-history'));

/**
 * The orders section of the trading screen: Open Orders and Order History (spec section 2), and
 * Trade History: each fill.
 */
export function OrdersPanel({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('orders');
  const dispatch = useDispatch();
  const { filters } = useSelector((state: { allOrders: AllOrdersState }) => selectAllOrders(state));
  // Trade History is the panel's own: the orders slice keeps only which orders list is shown.
  const [tradesShown, setTradesShown] = useState(false);
  const content = (list: ReactNode) =>
    signedIn ? (
      list
    ) : (
      <p className={styles.empty}>
        <RichText
          text={t('panel.logIn')}
          parts={{
            login: (text) => (
              <Link to={paths.login.getHref()} className={styles.link}>
                {text}
              </Link>
            ),
          }}
        />
      </p>
    );
  return (
    <section className={styles.panel} aria-label={t('panel.label')}>
      <Tabs
        label={t('panel.tabs')}
        className={styles.tabs}
        value={tradesShown ? 'trades' : filters.order_status}
        onValueChange={(tab: OrderStatusFilter | 'trades') => {
          setTradesShown(tab === 'trades');
          if (tab !== 'trades') dispatch(orderStatusChanged(tab));
        }}
        items={[
          { value: 'open', label: t('panel.open'), content: content(<OrdersList status="open" />) },
          {
            value: 'closed',
            label: t('panel.history'),
            content: content(<OrdersList status="closed" />),
          },
          {
            value: 'trades',
            label: t('panel.trades'),
            content: content(
              <Suspense fallback={<Spinner />}>
                <TradeHistory />
              </Suspense>,
            ),
          },
        ]}
      />
    </section>
  );
}
