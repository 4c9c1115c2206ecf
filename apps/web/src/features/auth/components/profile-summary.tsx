import type { UserProfile } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useLanguage } from '../hooks/use-language';
import { avatarInitial } from './user-menu';
import styles from './profile-summary.module.css';

/**
 * An email that wraps, if it must, only at its "@" (review W4-22: not "example.co / m"); a part
 * wider than the line ends in an ellipsis, the whole address in the title.
 */
function Email({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
  return (
    <span className={styles.email} title={email} data-testid="profile-email">
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 && <wbr />}
          <span className={styles.emailPart}>{part}</span>
        </span>
      ))}
    </span>
  );
}

/** The profile dashboard's header (spec section 2): avatar initial, greeting, identity status. */
export function ProfileSummary({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('auth');
  const { language, choose } = useLanguage();
  const verified = profile.verification_request_status === 'approved';
  const name = `${profile.first_name} ${profile.last_name}`.trim();
  return (
    <section className={styles.summary} aria-label={t('profile.yours')}>
      <span className={styles.avatar} aria-hidden="true">
        {avatarInitial(profile)}
      </span>
      <div className={styles.text}>
        <h1 className={styles.greeting}>
          {name ? t('profile.hello', { name }) : t('profile.helloThere')}
        </h1>
        <Email email={profile.email} />
      </div>
      <span className={verified ? `${styles.badge} ${styles.ok}` : `${styles.badge} ${styles.no}`}>
        {verified ? t('profile.verified') : t('profile.notVerified')}
      </span>
      <div className={styles.language}>
        <LanguageSwitch value={language} onChange={choose} variant="field" />
      </div>
    </section>
  );
}
