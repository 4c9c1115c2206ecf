import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import {
  orderStatusChanged,
  selectAllOrders,
  type AllOrdersState,
  type OrderStatusFilter,
} from '../orders-slice';
import { OrdersList } from './orders-list';
import styles from './orders-panel.module.css';

/** The orders section of the trading screen: Open Orders and Order History (spec section 2). */
export function OrdersPanel({ signedIn }: { signedIn: boolean }) {
  const dispatch = useDispatch();
  const { filters } = useSelector((state: { allOrders: AllOrdersState }) => selectAllOrders(state));
  const content = (status: OrderStatusFilter) =>
    signedIn ? (
      <OrdersList status={status} />
    ) : (
      <p className={styles.empty}>
        <Link to={paths.login.getHref()} className={styles.link}>
          Log In
        </Link>{' '}
        to see your orders.
      </p>
    );
  return (
    <section className={styles.panel} aria-label="Your orders">
      <Tabs
        label="Orders"
        value={filters.order_status}
        onValueChange={(status) => dispatch(orderStatusChanged(status))}
        items={[
          { value: 'open', label: 'Open Orders', content: content('open') },
          { value: 'closed', label: 'Order History', content: content('closed') },
        ]}
      />
    </section>
  );
}
