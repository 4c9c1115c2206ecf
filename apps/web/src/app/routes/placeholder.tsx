import styles from './placeholder.module.css';

/** Screens whose content arrives with later issues; the route and its guard are already real. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <section className={styles.page}>
      <h1>{title}</h1>
      <p>This screen is on its way.</p>
    </section>
  );
}
