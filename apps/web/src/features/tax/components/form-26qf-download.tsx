import { taxPeriodOf, TAX_QUARTERS } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { downloadForm26qf } from '../api/download-csv';
import styles from './tax.module.css';

/** The last five financial years, newest first. */
function recentYears(): string[] {
  const start = Number(taxPeriodOf(new Date()).financialYear.slice(0, 4));
  return Array.from({ length: 5 }, (_, i) => {
    const y = start - i;
    return `${y}-${String((y + 1) % 100).padStart(2, '0')}`;
  });
}

/**
 * A quarter's Form 26QF lines as CSV, one per deduction with the deductee's PAN: the server
 * decrypts the PANs for this download only and records it in the audit trail.
 */
export function Form26qfDownload() {
  const { t } = useTranslation('tax');
  const now = taxPeriodOf(new Date());
  const [year, setYear] = useState(now.financialYear);
  const [quarter, setQuarter] = useState(String(now.quarter));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadForm26qf(year, Number(quarter));
    } catch {
      toast.error(t('form26qf.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.statement} aria-labelledby="form-26qf-title">
      <h2 id="form-26qf-title" className={styles.heading}>
        {t('form26qf.title')}
      </h2>
      <p>{t('form26qf.intro')}</p>
      <div className={styles.toolbar}>
        <div className={styles.year}>
          <Select
            label={t('financialYear')}
            options={recentYears().map((y) => ({ value: y, label: t('fy', { year: y }) }))}
            value={year}
            onValueChange={setYear}
          />
        </div>
        <div className={styles.year}>
          <Select
            label={t('quarter')}
            options={TAX_QUARTERS.map((q) => ({ value: String(q), label: t('q', { quarter: q }) }))}
            value={quarter}
            onValueChange={setQuarter}
          />
        </div>
        <Button busy={busy} disabled={busy} onClick={() => void download()}>
          {t('downloadCsv')}
        </Button>
      </div>
    </section>
  );
}
