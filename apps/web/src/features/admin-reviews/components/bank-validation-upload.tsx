import { BANK_VALIDATION_COLUMNS, type BankValidationResult } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { toast } from '@/lib/toast';
import { useUploadBankValidationMutation } from '../api/rupees-api';
import { useMoneyDecision, type SecondFactors } from '../hooks/use-money-decision';
import styles from './rupees.module.css';

type Row = BankValidationResult['rows'][number];

/**
 * Uploads the bank's validation results (penny drop, UPI ID lookup: the holder names the bank
 * returned), which a bank account's verification needs. What the bank says decides who may move
 * rupees, so it is confirmed with the admin's second factor, as statements are.
 */
export function BankValidationUpload({ factors }: { factors: SecondFactors }) {
  const { t } = useTranslation('admin-reviews');
  const [upload, { isLoading }] = useUploadBankValidationMutation();
  const decision = useMoneyDecision(factors);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankValidationResult | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return void toast.error(t('validation.chooseFile'));
    const content = await file.text();
    decision.start({
      title: t('validation.dialogTitle'),
      description: t('validation.dialogDescription', { file: file.name }),
      submitLabel: t('validation.submit'),
      send: ({ two_factor_code, passkey_response }) => {
        const call = upload({ file_name: file.name, content, two_factor_code, passkey_response });
        return {
          unwrap: async () => {
            const res = await call.unwrap();
            setResult(res.data);
            return { message: t('validation.recorded', { count: res.data.rows.length }) };
          },
        };
      },
    });
  };

  const columns: Column<Row>[] = [
    {
      key: 'target',
      header: t('validation.columns.target'),
      role: 'title',
      cell: (r) => r.vpa ?? `${r.account_number ?? ''} · ${r.ifsc ?? ''}`,
    },
    { key: 'name', header: t('validation.columns.name'), cell: (r) => r.registered_name || '—' },
    {
      key: 'outcome',
      header: t('validation.columns.outcome'),
      cell: (r) =>
        `${t(`validation.outcomes.${r.outcome}`)}${
          r.name_match ? ` · ${t('bankAccounts.nameMatch', { match: r.name_match })}` : ''
        }`,
    },
    { key: 'user', header: t('validation.columns.user'), cell: (r) => r.email ?? '—' },
  ];

  return (
    <section className={styles.section} aria-labelledby="validation-title">
      <h2 id="validation-title">{t('validation.title')}</h2>
      <p className={styles.format}>
        {t('validation.format', { columns: BANK_VALIDATION_COLUMNS.join(',') })}
      </p>
      <form
        className={styles.upload}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('validation.form')}
      >
        <label className={styles.fileLabel}>
          {t('validation.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('validation.submitting') : t('validation.submit')}
        </Button>
      </form>
      {result && (
        <DataTable
          label={t('validation.results')}
          columns={columns}
          rows={result.rows}
          rowKey={(r) => String(r.line_no)}
          emptyText={t('noData')}
        />
      )}
      {decision.dialog}
    </section>
  );
}
