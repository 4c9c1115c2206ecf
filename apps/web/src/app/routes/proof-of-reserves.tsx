import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetReservesQuery } from '@/features/reserves/api/reserves-api';
import { MyProof } from '@/features/reserves/components/my-proof';
import { ReservesSummary } from '@/features/reserves/components/reserves-summary';
import { useIsAuthenticated } from '@/lib/session';
import styles from './page.module.css';

/**
 * /proof-of-reserves (public): the latest snapshot of what the exchange owes its users, per
 * asset, beside what its addresses hold on chain; a signed-in user checks their own inclusion.
 */
export function Component() {
  const reserves = useGetReservesQuery(undefined);
  const signedIn = useIsAuthenticated();
  const snapshot = reserves.data;
  return (
    <section className={`${styles.page} ${styles.stack}`} aria-labelledby="reserves-title">
      <h1 id="reserves-title" className={styles.title}>
        Proof of Reserves
      </h1>
      <p>
        Every user&apos;s balances, available and held, are summed into a Merkle sum tree at one
        point of the ledger, after the ledger audit passes. The reserves are the balances of the
        exchange&apos;s own addresses on each network, read at the same moment.
      </p>
      {reserves.isLoading ? (
        <Spinner label="Loading the proof of reserves" />
      ) : reserves.isError ? (
        <p role="alert">Could not load the proof of reserves. Try again later.</p>
      ) : !snapshot ? (
        <p>No proof of reserves has been published yet.</p>
      ) : (
        <>
          <ReservesSummary snapshot={snapshot} />
          {signedIn ? (
            <MyProof snapshot={snapshot} />
          ) : (
            <p>
              <Link to={paths.login.getHref()}>Log in</Link> to check that your balances are
              included.
            </p>
          )}
        </>
      )}
    </section>
  );
}
