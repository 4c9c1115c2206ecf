import {
  STATEMENT_LAYOUTS,
  type BankCreditStatus,
  type BankStatementResult,
  type StatementLayout,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { toast } from '@/lib/toast';
import { useUploadStatementMutation } from '../api/rupees-api';
import { useMoneyDecision, type SecondFactors } from '../hooks/use-money-decision';
import styles from './rupees.module.css';
import { useCreditLabel } from './credit-status';
import { CreditTable } from './credit-table';

/**
 * Uploads the collection account's statement and shows what became of each credit. The upload
 * credits money, so it is confirmed in a dialog with the admin's second factor (the app's code or
 * a passkey), as every money decision is.
 */
export function StatementUpload({ factors }: { factors: SecondFactors }) {
  const { t } = useTranslation('admin-reviews');
  const creditLabel = useCreditLabel();
  const layoutLabel = (l: StatementLayout) => t(`statement.layouts.${l}`);
  const [upload, { isLoading }] = useUploadStatementMutation();
  const decision = useMoneyDecision(factors);
  const [layout, setLayout] = useState<StatementLayout>('standard');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankStatementResult | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return void toast.error(t('statement.chooseFile'));
    const content = await file.text();
    decision.start({
      title: t('statement.dialogTitle'),
      description: t('statement.dialogDescription', {
        file: file.name,
        layout: layoutLabel(layout),
      }),
      submitLabel: t('statement.submit'),
      send: ({ two_factor_code, passkey_response }) => {
        const call = upload({
          file_name: file.name,
          layout,
          content,
          two_factor_code,
          passkey_response,
        });
        return {
          unwrap: async () => {
            const res = await call.unwrap();
            setResult(res.data);
            return { message: t('statement.reconciled', { count: res.data.credits }) };
          },
        };
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby="statement-title">
      <h2 id="statement-title">{t('statement.title')}</h2>
      <form
        className={styles.upload}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('statement.form')}
      >
        <Select
          label={t('statement.layout')}
          options={STATEMENT_LAYOUTS.map((l) => ({ value: l, label: layoutLabel(l) }))}
          value={layout}
          onValueChange={(v) => setLayout(v as StatementLayout)}
        />
        <label className={styles.fileLabel}>
          {t('statement.file')}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('statement.submitting') : t('statement.submit')}
        </Button>
      </form>
      {result && (
        <>
          <p role="status">
            {result.file_name}:{' '}
            {Object.entries(result.counts)
              .map(([s, n]) =>
                t('statement.count', { count: n, outcome: creditLabel(s as BankCreditStatus) }),
              )
              .join(', ')}
          </p>
          <CreditTable label={t('statement.credits')} rows={result.lines} factors={factors} />
        </>
      )}
      {decision.dialog}
    </section>
  );
}
