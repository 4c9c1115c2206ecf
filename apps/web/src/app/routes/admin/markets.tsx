import styles from '../page.module.css';

/** /admin/markets: tokens and pairs (its page arrives with the markets console). */
export function Component() {
  return (
    <section aria-labelledby="admin-markets-title">
      <h1 id="admin-markets-title" className={styles.title}>
        Markets
      </h1>
    </section>
  );
}
