import type { UserProfile } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useLanguage } from '../hooks/use-language';
import { avatarInitial } from './user-menu';
import styles from './profile-summary.module.css';

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
        <span className={styles.email}>{profile.email}</span>
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
