import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import styles from './signup-promo.module.css';

/** What the sign-up panel may claim: figures read from this exchange's server, never typed in. */
export interface PromoFacts {
  /** Listed trading pairs; null until known. */
  pairs: number | null;
  /** The latest published proof of reserves; null when none is published. */
  reserves: { createdAt: string; ratios: { asset: string; percent: string }[] } | null;
}

/**
 * The sign-up side panel: the spec's slogan and only real figures, the listed pairs and the
 * latest proof of reserves' ratios (review W4-16: no invented user counts, dates or rewards).
 */
export function SignupPromo({ facts }: { facts: PromoFacts }) {
  const { t } = useTranslation('auth');
  const ratios = facts.reserves?.ratios ?? [];
  return (
    <aside className={styles.panel} aria-label={t('promo.why')}>
      <p className={styles.kicker}>{t('promo.kicker')}</p>
      <h2 className={styles.headline}>{t('promo.headline')}</h2>
      {facts.pairs !== null && (
        <dl className={styles.stats}>
          <div>
            <dt>{facts.pairs}</dt>
            <dd>{t('promo.stats.pairs')}</dd>
          </div>
        </dl>
      )}
      {facts.reserves && (
        <div className={styles.reserves}>
          <strong>{t('promo.reserveRatio')}</strong>
          {ratios.length > 0 ? (
            <ul>
              {ratios.map((r) => (
                <li key={r.asset}>
                  <span>{r.asset}</span>
                  <span className={styles.ratio}>{r.percent}%</span>
                </li>
              ))}
            </ul>
          ) : (
            <span>{t('promo.reservesUnread')}</span>
          )}
          <small>{t('promo.asOf', { time: formatDateTime(facts.reserves.createdAt) })}</small>
        </div>
      )}
    </aside>
  );
}
