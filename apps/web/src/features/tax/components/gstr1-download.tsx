import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { downloadGstr1 } from '../api/gst-api';
import styles from './tax.module.css';

/** Last month in IST, "2027-05": the month a return is usually filed for. */
function lastMonth(): string {
  const ist = new Date(Date.now() + 330 * 60_000);
  const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A month's GST collected on fees as GSTR-1 table 7 rows (B2C others, per place of supply). */
export function Gstr1Download() {
  const { t } = useTranslation('tax');
  const [month, setMonth] = useState(lastMonth);
  const [busy, setBusy] = useState(false);
  const valid = /^20\d\d-(0[1-9]|1[0-2])$/.test(month);
  const download = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      await downloadGstr1(month);
    } catch {
      toast.error(t('gstr1.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.statement} aria-labelledby="gstr1-title">
      <h2 id="gstr1-title" className={styles.heading}>
        {t('gstr1.title')}
      </h2>
      <p>{t('gstr1.intro')}</p>
      <form className={styles.toolbar} onSubmit={(e) => void download(e)}>
        <Field
          label={t('gstr1.month')}
          name="month"
          value={month}
          error={valid ? undefined : t('gstr1.monthInvalid')}
          onChange={(e) => setMonth(e.target.value.trim())}
        />
        <Button type="submit" busy={busy} disabled={busy || !valid}>
          {t('downloadCsv')}
        </Button>
      </form>
    </section>
  );
}
