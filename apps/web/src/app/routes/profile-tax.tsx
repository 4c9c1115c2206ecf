import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LazySelect } from '@/components/ui/lazy-select';
import { Spinner } from '@/components/ui/spinner';
import { downloadTdsCsv } from '@/features/tax/api/download-csv';
import { useGetTaxStatementQuery } from '@/features/tax/api/tax-api';
import { GstInvoices } from '@/features/tax/components/gst-invoices';
import { ScheduleVda } from '@/features/tax/components/schedule-vda';
import { TaxStatement } from '@/features/tax/components/tax-statement';
import taxStyles from '@/features/tax/components/tax.module.css';
import { TdsDeductionsTable } from '@/features/tax/components/tds-deductions-table';
import { toast } from '@/lib/toast';
import styles from './page.module.css';

/**
 * /profile/tax: the TDS deducted from the user's trades (section 194S) per financial year: the
 * statement per quarter and for the year, every deduction, a CSV download and the statement as
 * a PDF (the browser's print to PDF); the year's Schedule VDA for the income-tax return; and GST
 * on fees: the user's state and the monthly tax invoices.
 */
export function Component() {
  const { t } = useTranslation('tax');
  const [year, setYear] = useState<string | undefined>(undefined);
  const statement = useGetTaxStatementQuery(year, { refetchOnMountOrArgChange: true });
  const [downloading, setDownloading] = useState(false);
  const data = statement.currentData;
  const download = async (financialYear: string) => {
    setDownloading(true);
    try {
      await downloadTdsCsv(financialYear);
    } catch {
      toast.error(t('csvFailed'));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className={styles.stack} aria-labelledby="tax-page-title">
      <h1 id="tax-page-title" className={styles.title}>
        {t('common:nav.tax')}
      </h1>
      {statement.isError && !data ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : !data ? (
        <Spinner />
      ) : (
        <>
          <div className={taxStyles.toolbar}>
            <div className={taxStyles.year}>
              <LazySelect
                label={t('financialYear')}
                options={data.financial_years.map((y) => ({
                  value: y,
                  label: t('fy', { year: y }),
                }))}
                value={data.financial_year}
                onValueChange={setYear}
              />
            </div>
            <Button
              variant="secondary"
              busy={downloading}
              disabled={downloading}
              onClick={() => void download(data.financial_year)}
            >
              {t('downloadCsv')}
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('downloadPdf')}
            </Button>
          </div>
          <TaxStatement statement={data} />
          <h2 className={styles.title}>{t('deductions')}</h2>
          <TdsDeductionsTable key={data.financial_year} financialYear={data.financial_year} />
          <ScheduleVda financialYear={data.financial_year} />
          <GstInvoices />
        </>
      )}
    </section>
  );
}
