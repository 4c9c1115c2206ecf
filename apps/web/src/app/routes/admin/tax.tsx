import { useTranslation } from 'react-i18next';
import { Form26qfDownload } from '@/features/tax/components/form-26qf-download';
import { Gstr1Download } from '@/features/tax/components/gstr1-download';
import { UsdtInrRateForm } from '@/features/tax/components/usdt-inr-rate-form';
import styles from '../page.module.css';

/** /admin/tax: TDS under section 194S: the USDT/INR reference rate and the quarter's Form 26QF. */
export function Component() {
  const { t } = useTranslation('admin-console');
  return (
    <section className={styles.stack} aria-labelledby="admin-tax-title">
      <h1 id="admin-tax-title" className={styles.title}>
        {t('nav.tax')}
      </h1>
      <UsdtInrRateForm />
      <Form26qfDownload />
      <Gstr1Download />
    </section>
  );
}
