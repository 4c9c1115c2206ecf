import { taxPeriodOf, TAX_QUARTERS } from '@exchange/contracts';
import { useState } from 'react';
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
  const now = taxPeriodOf(new Date());
  const [year, setYear] = useState(now.financialYear);
  const [quarter, setQuarter] = useState(String(now.quarter));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadForm26qf(year, Number(quarter));
    } catch {
      toast.error('Could not download the report. Try again later.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.statement} aria-labelledby="form-26qf-title">
      <h2 id="form-26qf-title" className={styles.heading}>
        Form 26QF
      </h2>
      <p>
        The quarter’s TDS return lines: deductee, PAN, date, amount paid, TDS and rate. PANs are
        decrypted for this report only; each download is recorded in the audit log.
      </p>
      <div className={styles.toolbar}>
        <div className={styles.year}>
          <Select
            label="Financial year"
            options={recentYears().map((y) => ({ value: y, label: `FY ${y}` }))}
            value={year}
            onValueChange={setYear}
          />
        </div>
        <div className={styles.year}>
          <Select
            label="Quarter"
            options={TAX_QUARTERS.map((q) => ({ value: String(q), label: `Q${q}` }))}
            value={quarter}
            onValueChange={setQuarter}
          />
        </div>
        <Button busy={busy} disabled={busy} onClick={() => void download()}>
          Download CSV
        </Button>
      </div>
    </section>
  );
}
