import { Navigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { PairHeader } from '@/features/market/components/pair-header';
import styles from './trade.module.css';

/** /{symbol}: the spot trading screen. Its header is live; chart, book and form come next. */
export function Component() {
  const { symbol } = useParams();
  if (!symbol || symbol === 'undefined') return <Navigate to={paths.trade.getHref()} replace />;
  return (
    <div className={styles.page}>
      <PairHeader symbol={symbol.toUpperCase()} />
    </div>
  );
}
