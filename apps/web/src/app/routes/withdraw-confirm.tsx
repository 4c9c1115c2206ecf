import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmLinkPanel } from '@/features/wallets/components/confirm-link-panel';
import styles from './page.module.css';

/** /withdraw/confirm?token=… (public): a withdrawal mail's confirm link lands here (W4-4). */
export function Component() {
  const { t } = useTranslation('withdraw-controls');
  const [params] = useSearchParams();
  return (
    <section className={`${styles.page} ${styles.stack}`} aria-labelledby="withdraw-confirm-title">
      <h1 id="withdraw-confirm-title" className={styles.title}>
        {t('confirmLink.pageTitle')}
      </h1>
      <ConfirmLinkPanel token={params.get('token') ?? ''} />
    </section>
  );
}
