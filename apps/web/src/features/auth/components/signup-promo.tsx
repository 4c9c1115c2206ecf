import styles from './signup-promo.module.css';

const STATS = [
  { value: '40M+', label: 'Trading users' },
  { value: '200+', label: 'Countries/regions' },
  { value: '1,300+', label: 'Trading pairs' },
  { value: '200+', label: 'Project launches' },
] as const;

const RESERVES = [
  { asset: 'BTC', ratio: '+106%' },
  { asset: 'ETH', ratio: '+120%' },
  { asset: 'USDT', ratio: '+112%' },
] as const;

/** Decision D16: the sign-up side panel's static copy, as the spec gives it. */
export function SignupPromo() {
  return (
    <aside className={styles.panel} aria-label="Why Exchange">
      <p className={styles.kicker}>India&apos;s choice for global crypto</p>
      <h2 className={styles.headline}>The first fully compliant exchange</h2>
      <div className={styles.reward}>
        <strong>Sign-up reward</strong>
        <span>A token, a coupon and a futures trial fund in USDT</span>
      </div>
      <dl className={styles.stats}>
        {STATS.map((s) => (
          <div key={s.label}>
            <dt>{s.value}</dt>
            <dd>{s.label}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.reserves}>
        <strong>Reserve ratio</strong>
        <ul>
          {RESERVES.map((r) => (
            <li key={r.asset}>
              <span>{r.asset}</span>
              <span className={styles.ratio}>{r.ratio}</span>
            </li>
          ))}
        </ul>
        <small>As of 3/31/2023 22:59:59 (UTC+8)</small>
      </div>
    </aside>
  );
}
