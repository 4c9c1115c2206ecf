import type { AmlCaseDetail } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldErrors, toastFailure } from '@/lib/api-error';
import { downloadCsv } from '@/lib/download-csv';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFileStrMutation } from '../api/admin-aml';
import styles from './admin-aml.module.css';
import { TextArea } from './text-area';

/**
 * The case's suspicious-transaction reports: each filed one (FINnet 2.0 XML, kept with the case)
 * to download, and the form that files another with the officer's grounds of suspicion.
 */
export function StrSection({ c }: { c: AmlCaseDetail }) {
  const { t } = useTranslation('admin-aml');
  const [file, { isLoading }] = useFileStrMutation();
  const [grounds, setGrounds] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!grounds.trim()) return setError(t('str.groundsRequired'));
    try {
      await file({ id: c._id, grounds: grounds.trim() }).unwrap();
      toast.success(t('str.filed'));
      setGrounds('');
      setError(undefined);
    } catch (failure) {
      setError(fieldErrors(toastFailure(failure, t('str.failed'))).grounds);
    }
  };
  const download = (reportId: string, name: string) =>
    downloadCsv(`/admin/aml/cases/${c._id}/str/${reportId}`, name).catch(() =>
      toast.error(t('str.downloadFailed')),
    );
  return (
    <section className={styles.section} aria-labelledby="aml-str">
      <h2 id="aml-str">{t('str.title')}</h2>
      {c.reports.length === 0 ? (
        <p>{t('str.none')}</p>
      ) : (
        <ul className={styles.list}>
          {c.reports.map((r) => (
            <li key={r._id}>
              <button
                type="button"
                className={styles.link}
                onClick={() => download(r._id, r.file_name)}
              >
                {r.file_name}
              </button>
              <div className={styles.meta}>
                {t('str.filedBy', {
                  email: r.filed_by.email,
                  time: formatDateTime(r.filed_at),
                  hash: r.sha256.slice(0, 16),
                })}
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('str.file')}>
        <TextArea
          label={t('str.grounds')}
          value={grounds}
          onChange={setGrounds}
          error={error}
          maxLength={4000}
        />
        <Button type="submit" busy={isLoading} disabled={isLoading}>
          {t('str.file')}
        </Button>
      </form>
    </section>
  );
}
