import {
  STATEMENT_LAYOUTS,
  type BankStatementResult,
  type StatementLayout,
} from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TwoFactorField } from '@/components/ui/two-factor-field';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useUploadStatementMutation } from '../api/admin-rupees-api';
import styles from './admin-rupees.module.css';
import { CREDIT_LABELS } from './credit-status';
import { CreditTable } from './credit-table';

const LAYOUT_LABELS: Record<StatementLayout, string> = {
  standard: 'Standard CSV',
  hdfc: 'HDFC Bank statement export',
};
const FAILED = 'The statement could not be reconciled. Please try again.';

/**
 * Uploads the collection account's statement and shows what became of each credit; the upload
 * credits money, so an admin with the authenticator app on confirms it with a code.
 */
export function StatementUpload({ askCode }: { askCode: boolean }) {
  const [code, setCode] = useState('');
  const [upload, { isLoading }] = useUploadStatementMutation();
  const [layout, setLayout] = useState<StatementLayout>('standard');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BankStatementResult | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return void toast.error('Choose the statement file');
    try {
      const res = await upload({
        file_name: file.name,
        layout,
        content: await file.text(),
      }).unwrap();
      setResult(res.data);
      toast.success(`Statement reconciled: ${res.data.credits} credits`);
    } catch (error) {
      toastFailure(error, FAILED, FAILED);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="statement-title">
      <h2 id="statement-title">Upload bank statement</h2>
      <form className={styles.upload} onSubmit={onSubmit} noValidate aria-label="Upload statement">
        <Select
          label="Layout"
          options={STATEMENT_LAYOUTS.map((l) => ({ value: l, label: LAYOUT_LABELS[l] }))}
          value={layout}
          onValueChange={(v) => setLayout(v as StatementLayout)}
        />
        <label className={styles.fileLabel}>
          Statement (CSV)
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        {askCode && <TwoFactorField value={code} onChange={(e) => setCode(e.target.value)} />}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Reconciling...' : 'Upload and match'}
        </Button>
      </form>
      {result && (
        <>
          <p role="status">
            {result.file_name}:{' '}
            {Object.entries(result.counts)
              .map(([s, n]) => `${n} ${CREDIT_LABELS[s as keyof typeof CREDIT_LABELS] ?? s}`)
              .join(', ')}
          </p>
          <CreditTable label="Statement credits" rows={result.lines} askCode={askCode} />
        </>
      )}
    </section>
  );
}
