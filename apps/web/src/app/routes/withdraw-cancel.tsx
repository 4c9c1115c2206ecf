import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CancelLinkPanel } from '@/features/wallets/components/cancel-link-panel';
import styles from './page.module.css';

/** /withdraw/cancel?token=… (public): a withdrawal mail's cancel link lands here. */
export function Component() {
  const { t } = useTranslation('withdraw-controls');
  const [params] = useSearchParams();
  return (
    <section className={`${styles.page} ${styles.stack}`} aria-labelledby="withdraw-cancel-title">
      <h1 id="withdraw-cancel-title" className={styles.title}>
        {t('link.pageTitle')}
      </h1>
      <CancelLinkPanel token={params.get('token') ?? ''} />
    </section>
  );
}
