import { useTranslation } from 'react-i18next';
import { IdentityQueue } from '@/features/admin-reviews/components/identity-queue';
import styles from '../page.module.css';

/** /admin/identity: identity verification requests to review. */
export function Component() {
  const { t } = useTranslation('admin-console');
  return (
    <section aria-labelledby="admin-identity-title">
      <h1 id="admin-identity-title" className={styles.title}>
        {t('identityTitle')}
      </h1>
      <IdentityQueue />
    </section>
  );
}
