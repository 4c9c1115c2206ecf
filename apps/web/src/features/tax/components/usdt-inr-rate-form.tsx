import { setUsdtInrRateSchema } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { toastFailure } from '@/lib/api-error';
import { formatDateTimeIst } from '@/lib/format';
import { toast } from '@/lib/toast';
import { RichText } from '@/i18n/rich-text';
import type { UsdtInrRate } from '@exchange/contracts';
import {
  useGetUsdtInrRateRulesQuery,
  useGetUsdtInrRatesQuery,
  useSetUsdtInrRateMutation,
} from '../api/admin-tax-api';
import { RateProposal } from './rate-proposal';
import styles from './tax.module.css';

const columns = (t: TFunction<'tax'>): Column<UsdtInrRate>[] => [
  { key: 'rate', header: 'USDT/INR', cell: (r) => `₹${r.rate}` },
  { key: 'by', header: t('rate.setBy'), cell: (r) => r.set_by ?? t('rate.startUp') },
  { key: 'approved', header: t('rate.approvedBy'), cell: (r) => r.approved_by ?? '-' },
  { key: 'time', header: t('rate.since'), cell: (r) => formatDateTimeIst(r.created_at) },
];

/** The USDT/INR reference rate TDS is valued at: the one in force, setting a new one, the history. */
export function UsdtInrRateForm() {
  const { t } = useTranslation('tax');
  const rates = useGetUsdtInrRatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const rules = useGetUsdtInrRateRulesQuery(undefined, { refetchOnMountOrArgChange: true });
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
      const result = await setRate(parsed.data.rate).unwrap();
      toast.success(t(result.data.status === 'applied' ? 'rate.set' : 'rate.proposed'));
      setRateText('');
    } catch (err) {
      toastFailure(err, t('rate.setFailed'));
    }
  };
  return (
    <section className={styles.statement} aria-labelledby="usdt-inr-title">
      <h2 id="usdt-inr-title" className={styles.heading}>
        {t('rate.title')}
      </h2>
      <p>
        <RichText
          text={t('rate.inForce', {
            rate: rates.currentData?.[0] ? `₹${rates.currentData[0].rate}` : '-',
          })}
          parts={{ strong: (c) => <strong>{c}</strong> }}
        />
      </p>
      {rules.currentData && (
        <p>
          {t('rate.rules', {
            market:
              rules.currentData.market_rate === null
                ? t('rate.noMarket')
                : `₹${rules.currentData.market_rate}`,
            band: rules.currentData.band_percent,
            min: rules.currentData.min,
            max: rules.currentData.max,
          })}
        </p>
      )}
      {rules.currentData?.proposal && <RateProposal proposal={rules.currentData.proposal} />}
      <form className={styles.toolbar} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('rate.new')}
          inputMode="decimal"
          value={rate}
          onChange={(e) => setRateText(e.target.value)}
          error={error}
        />
        <Button type="submit" busy={setting.isLoading} disabled={setting.isLoading}>
          {t('rate.submit')}
        </Button>
      </form>
      <DataTable
        label={t('rate.history')}
        columns={columns(t)}
        rows={rates.currentData ?? []}
        rowKey={(r) => r.created_at + r.rate}
        isLoading={rates.isFetching && !rates.currentData}
        error={rates.isError && !rates.currentData ? t('rate.loadFailed') : undefined}
      />
    </section>
  );
}
