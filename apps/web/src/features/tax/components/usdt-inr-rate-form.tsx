import { setUsdtInrRateSchema } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { toastFailure } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import type { UsdtInrRate } from '@exchange/contracts';
import { useGetUsdtInrRatesQuery, useSetUsdtInrRateMutation } from '../api/admin-tax-api';
import styles from './tax.module.css';

const COLUMNS: Column<UsdtInrRate>[] = [
  { key: 'rate', header: 'USDT/INR', cell: (r) => `₹${r.rate}` },
  { key: 'by', header: 'Set by', cell: (r) => r.set_by ?? 'USDT_INR_RATE (start-up)' },
  { key: 'time', header: 'Since', cell: (r) => formatDateTime(r.created_at) },
];

/** The USDT/INR reference rate TDS is valued at: the one in force, setting a new one, the history. */
export function UsdtInrRateForm() {
  const rates = useGetUsdtInrRatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [setRate, setting] = useSetUsdtInrRateMutation();
  const [rate, setRateText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = setUsdtInrRateSchema.safeParse({ rate });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await setRate(parsed.data.rate).unwrap();
      toast.success('USDT/INR rate set');
      setRateText('');
    } catch (err) {
      toastFailure(err, 'Could not set the rate');
    }
  };
  return (
    <section className={styles.statement} aria-labelledby="usdt-inr-title">
      <h2 id="usdt-inr-title" className={styles.heading}>
        USDT/INR reference rate
      </h2>
      <p>
        In force: <strong>{rates.currentData?.[0] ? `₹${rates.currentData[0].rate}` : '-'}</strong>.
        Every later deduction is valued at the rate in force when it is made.
      </p>
      <form className={styles.toolbar} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label="New rate (INR per USDT)"
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRateText(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={setting.isLoading} disabled={setting.isLoading}>
          Set rate
        </Button>
      </form>
      <DataTable
        label="USDT/INR rate history"
        columns={COLUMNS}
        rows={rates.currentData ?? []}
        rowKey={(r) => r.created_at + r.rate}
        isLoading={rates.isFetching && !rates.currentData}
        error={rates.isError && !rates.currentData ? 'Could not load the rates.' : undefined}
      />
    </section>
  );
}
