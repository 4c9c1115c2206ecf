import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  useGetReservesQuery,
  useGetReservesSigningKeyQuery,
} from '@/features/reserves/api/reserves-api';
import { MyProof } from '@/features/reserves/components/my-proof';
import { ReservesHistory } from '@/features/reserves/components/reserves-history';
import { ReservesSummary } from '@/features/reserves/components/reserves-summary';
import { useIsAuthenticated } from '@/lib/session';
import { RichText } from '@/i18n/rich-text';
import styles from './page.module.css';

/**
 * /proof-of-reserves (public): the latest snapshot of what the exchange owes its users, per
 * asset, beside what its addresses hold on chain, its root's signature checked with the
 * exchange's published key; every root published before; a signed-in user checks their own
 * inclusion, first on the page (review W4-13: not below every asset).
 */
export function Component() {
  const { t } = useTranslation('reserves');
  const reserves = useGetReservesQuery(undefined);
  const signedIn = useIsAuthenticated();
  const publicKey = useGetReservesSigningKeyQuery(undefined).data?.public_key;
  const snapshot = reserves.data;
  return (
    <section className={`${styles.page} ${styles.stack}`} aria-labelledby="reserves-title">
      <h1 id="reserves-title" className={styles.title}>
        {t('title')}
      </h1>
      <p>{t('intro')}</p>
      {reserves.isLoading ? (
        <Spinner label={t('loading')} />
      ) : reserves.isError ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : !snapshot ? (
        <p>{t('none')}</p>
      ) : (
        <>
          {signedIn ? (
            <MyProof snapshot={snapshot} publicKey={publicKey} />
          ) : (
            <p>
              <RichText
                text={t('logInToCheck')}
                parts={{ login: (c) => <Link to={paths.login.getHref()}>{c}</Link> }}
              />
            </p>
          )}
          <p>{t('rupeesOutside')}</p>
          <ReservesSummary snapshot={snapshot} publicKey={publicKey} />
          <ReservesHistory publicKey={publicKey} />
        </>
      )}
    </section>
  );
}
