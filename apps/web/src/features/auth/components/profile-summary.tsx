import type { UserProfile } from '@exchange/contracts';
import { avatarInitial } from './user-menu';
import styles from './profile-summary.module.css';

/** The profile dashboard's header (spec section 2): avatar initial, greeting, identity status. */
export function ProfileSummary({ profile }: { profile: UserProfile }) {
  const verified = profile.verification_request_status === 'approved';
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <section className={styles.summary} aria-label="Your profile">
      <span className={styles.avatar} aria-hidden="true">
        {avatarInitial(profile)}
      </span>
      <div className={styles.text}>
        <h1 className={styles.greeting}>Hello, {name || 'there'}</h1>
        <span className={styles.email}>{profile.email}</span>
      </div>
      <span className={verified ? `${styles.badge} ${styles.ok}` : `${styles.badge} ${styles.no}`}>
        {verified ? 'Verified' : 'Not Verified'}
      </span>
    </section>
  );
}
