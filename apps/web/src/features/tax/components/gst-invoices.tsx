import { GST_STATES, gstStateName, type GstInvoiceSummary } from '@exchange/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Field } from '@/components/ui/field';
import { LazySelect } from '@/components/ui/lazy-select';
import { toast } from '@/lib/toast';
import {
  downloadGstInvoice,
  useChangeGstStateMutation,
  useGetGstInvoicesQuery,
  useGetGstStateQuery,
} from '../api/gst-api';
import styles from './tax.module.css';

type T = ReturnType<typeof useTranslation<'tax'>>['t'];

const columnsOf = (t: T, busy: boolean, download: (month: string) => void) =>
  [
    { key: 'month', header: t('gst.month'), role: 'title', cell: (r) => r.month },
    {
      key: 'number',
      header: t('gst.number'),
      cell: (r) => r.number ?? (r.open ? t('gst.openMonth') : t('gst.notYet')),
    },
    { key: 'taxable', header: t('gst.taxable'), align: 'right', cell: (r) => `₹${r.taxable}` },
    { key: 'cgst', header: 'CGST', align: 'right', cell: (r) => `₹${r.cgst}` },
    { key: 'sgst', header: 'SGST', align: 'right', cell: (r) => `₹${r.sgst}` },
    { key: 'igst', header: 'IGST', align: 'right', cell: (r) => `₹${r.igst}` },
    {
      key: 'total',
      header: t('gst.total'),
      align: 'right',
      testId: 'gst-total',
      cell: (r) => `₹${r.total}`,
    },
    {
      key: 'pdf',
      header: t('gst.invoice'),
      role: 'actions',
      cell: (r) => (
        <Button
          variant="secondary"
          busy={busy}
          disabled={busy || r.open}
          onClick={() => download(r.month)}
        >
          {t('gst.downloadInvoice')}
        </Button>
      ),
    },
  ] satisfies Column<GstInvoiceSummary>[];

/** The user's state for GST: shown, and changed with a reason (each change kept). */
function GstState() {
  const { t, i18n } = useTranslation('tax');
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const state = useGetGstStateQuery(undefined);
  const [change, changing] = useChangeGstStateMutation();
  const [code, setCode] = useState<string | undefined>(undefined);
  const [reason, setReason] = useState('');
  const current = state.currentData?.state_code ?? null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code || reason.trim().length < 5) {
      toast.error(t('gst.reasonNeeded'));
      return;
    }
    try {
      await change({ state_code: code, reason: reason.trim() }).unwrap();
      setReason('');
      toast.success(t('gst.stateSaved'));
    } catch {
      toast.error(t('gst.stateFailed'));
    }
  };
  if (state.isError) return <p role="alert">{t('gst.loadFailed')}</p>;
  return (
    <form className={styles.toolbar} onSubmit={(e) => void submit(e)} aria-label={t('gst.state')}>
      <p data-testid="gst-state">
        {current
          ? t('gst.yourState', { state: gstStateName(current, language) })
          : t('gst.noState')}
      </p>
      <LazySelect
        label={t('gst.newState')}
        options={GST_STATES.map(([value, en, hi]) => ({
          value,
          label: language === 'hi' ? hi : en,
        }))}
        value={code}
        onValueChange={setCode}
      />
      <Field
        label={t('gst.reason')}
        name="reason"
        value={reason}
        maxLength={200}
        onChange={(e) => setReason(e.target.value)}
      />
      <Button type="submit" variant="secondary" busy={changing.isLoading}>
        {t('gst.saveState')}
      </Button>
    </form>
  );
}

/**
 * GST on the user's fees: the rate and the exchange's GSTIN, the user's state, and a tax invoice
 * per month (its number allotted on the first download once the month is over), as PDF.
 */
export function GstInvoices() {
  const { t, i18n } = useTranslation('tax');
  const language = i18n.language === 'hi' ? 'hi' : 'en';
  const query = useGetGstInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [busy, setBusy] = useState(false);
  const data = query.currentData;
  const download = async (month: string) => {
    setBusy(true);
    try {
      await downloadGstInvoice(month);
      void query.refetch();
    } catch {
      toast.error(t('gst.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={styles.report} aria-labelledby="gst-title" data-testid="gst-invoices">
      <h2 id="gst-title" className={styles.heading}>
        {t('gst.title')}
      </h2>
      <p className={styles.caption}>
        {data
          ? t('gst.caption', {
              rate: data.rate,
              gstin: data.exchange_gstin ?? '—',
              state: gstStateName(data.exchange_state, language) ?? data.exchange_state,
            })
          : t('gst.captionShort')}
      </p>
      <GstState />
      <DataTable
        label={t('gst.tableLabel')}
        columns={columnsOf(t, busy, (m) => void download(m))}
        rows={data?.invoices ?? []}
        rowKey={(r) => r.month}
        isLoading={query.isLoading}
        error={query.isError ? t('gst.loadFailed') : undefined}
        emptyText={t('gst.empty')}
        rowTestId="gst-invoice"
      />
    </section>
  );
}
