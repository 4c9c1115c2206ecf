import { useTranslation } from 'react-i18next';
import styles from './signup-promo.module.css';

const STATS = [
  { value: '40M+', label: 'users' },
  { value: '200+', label: 'countries' },
  { value: '1,300+', label: 'pairs' },
  { value: '200+', label: 'launches' },
] as const;

const RESERVES = [
  { asset: 'BTC', ratio: '+106%' },
  { asset: 'ETH', ratio: '+120%' },
  { asset: 'USDT', ratio: '+112%' },
] as const;

/** Decision D16: the sign-up side panel's static copy, as the spec gives it. */
export function SignupPromo() {
  const { t } = useTranslation('auth');
  return (
    <aside className={styles.panel} aria-label={t('promo.why')}>
      <p className={styles.kicker}>{t('promo.kicker')}</p>
      <h2 className={styles.headline}>{t('promo.headline')}</h2>
      <div className={styles.reward}>
        <strong>{t('promo.reward')}</strong>
        <span>{t('promo.rewardText')}</span>
      </div>
      <dl className={styles.stats}>
        {STATS.map((s) => (
          <div key={s.label}>
            <dt>{s.value}</dt>
            <dd>{t(`promo.stats.${s.label}`)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.reserves}>
        <strong>{t('promo.reserveRatio')}</strong>
        <ul>
          {RESERVES.map((r) => (
            <li key={r.asset}>
              <span>{r.asset}</span>
              <span className={styles.ratio}>{r.ratio}</span>
            </li>
          ))}
        </ul>
        <small>{t('promo.asOf', { time: '3/31/2023 22:59:59 (UTC+8)' })}</small>
      </div>
    </aside>
  );
}
