import type { PromoFacts } from '@/features/auth/components/signup-promo';
import { SignUpFlow } from '@/features/auth/components/sign-up-flow';
import { useGetSymbolsQuery } from '@/features/market/api/get-symbols';
import { useGetReservesQuery } from '@/features/reserves/api/reserves-api';
import styles from './auth-page.module.css';

/** The sign-up panel's figures, from the server: the listed pairs and the latest proof of reserves. */
function usePromoFacts(): PromoFacts {
  const symbols = useGetSymbolsQuery({ filter: 'all', page_size: 1 });
  const { data: snapshot } = useGetReservesQuery(undefined);
  return {
    pairs: symbols.data?.total ?? null,
    reserves: snapshot
      ? {
          createdAt: snapshot.created_at,
          ratios: snapshot.assets.flatMap((a) =>
            a.ratio_percent === null ? [] : [{ asset: a.token, percent: a.ratio_percent }],
          ),
        }
      : null,
  };
}

export function Component() {
  const facts = usePromoFacts();
  return (
    <div className={styles.page}>
      <SignUpFlow facts={facts} />
    </div>
  );
}
