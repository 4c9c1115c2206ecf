import styles from '../page.module.css';

/** /admin/users: the users (its page arrives with the users console). */
export function Component() {
  return (
    <section aria-labelledby="admin-users-title">
      <h1 id="admin-users-title" className={styles.title}>
        Users
      </h1>
    </section>
  );
}
