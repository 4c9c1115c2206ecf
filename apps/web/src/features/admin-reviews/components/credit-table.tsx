import { refundCreditSchema, type BankCredit } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatInr } from '@/lib/format';
import { useAssignCreditMutation, useRefundCreditMutation } from '../api/rupees-api';
import { decisionRecorded } from '../announce-decision';
import { useMoneyDecision, type SecondFactors } from '../hooks/use-money-decision';
import styles from './rupees.module.css';
import { CreditStatus } from './credit-status';
import { OneFieldDialog } from './one-field-dialog';

const OPEN = new Set(['unclaimed', 'amount_mismatch', 'refund_due']);
const REFUNDABLE = new Set(['unclaimed', 'amount_mismatch', 'refund_due', 'unreadable']);
const inr = (amount: string | null) => (amount === null ? '—' : formatInr(amount));

/**
 * Credit lines with their outcome; open ones can be assigned to their payer (a UTR another user
 * claimed moves to them) or refunded. An unreadable line shows the file's text, never credited.
 */
export function CreditTable({
  label,
  rows,
  isLoading,
  factors,
}: {
  label: string;
  rows: BankCredit[];
  isLoading?: boolean;
  /** The admin's second factors: assigning a credit moves money, so it is stepped up. */
  factors: SecondFactors;
}) {
  const { t } = useTranslation('admin-reviews');
  const [assign] = useAssignCreditMutation();
  const [refund] = useRefundCreditMutation();
  const decision = useMoneyDecision(factors);
  const [refunding, setRefunding] = useState<BankCredit | null>(null);
  const onAssign = (c: BankCredit) =>
    decision.start({
      title: t('credits.assignTitle'),
      description: t('credits.assignDescription', { amount: inr(c.amount), utr: c.utr ?? '' }),
      submitLabel: t('credits.assign'),
      ask: 'email',
      send: ({ email = '', two_factor_code, passkey_response }) =>
        assign({ id: c._id, email, two_factor_code, passkey_response }),
    });

  const columns: Column<BankCredit>[] = [
    {
      key: 'utr',
      header: t('credits.columns.utr'),
      role: 'title',
      cell: (c) => c.utr ?? t('credits.line', { line: c.line_no }),
    },
    {
      key: 'amount',
      header: t('credits.columns.amount'),
      align: 'right',
      cell: (c) => inr(c.amount),
    },
    {
      key: 'remitter',
      header: t('credits.columns.from'),
      cell: (c) =>
        c.status === 'unreadable' ? (
          <div className={styles.lines}>
            <span className={styles.sub}>{t('credits.raw')}</span>
            <code className={styles.raw}>{c.raw ?? c.narration}</code>
          </div>
        ) : (
          <div className={styles.lines}>
            <span>{c.remitter_name || '—'}</span>
            <span className={styles.sub}>
              {[c.remitter_vpa, c.remitter_account, c.remitter_ifsc].filter(Boolean).join(' · ')}
            </span>
          </div>
        ),
    },
    {
      key: 'outcome',
      header: t('credits.columns.outcome'),
      cell: (c) => (
        <div className={styles.lines}>
          <CreditStatus status={c.status} />
          {c.user && <span className={styles.sub}>{c.user.email}</span>}
          {c.note && <span className={styles.sub}>{c.note}</span>}
        </div>
      ),
    },
    {
      key: 'action',
      header: t('credits.columns.action'),
      role: 'actions',
      cell: (c) => (
        <div className={styles.actions}>
          {OPEN.has(c.status) && (
            <Button
              onClick={() => onAssign(c)}
              aria-label={t('credits.assignLabel', { utr: c.utr ?? '' })}
            >
              {t('credits.assign')}
            </Button>
          )}
          {REFUNDABLE.has(c.status) && (
            <Button
              variant="secondary"
              onClick={() => setRefunding(c)}
              aria-label={t('credits.refundLabel', { utr: c.utr ?? c.line_no })}
            >
              {t('credits.refund')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={rows}
        rowKey={(c) => c._id}
        isLoading={isLoading}
        emptyText={t('noData')}
      />
      {decision.dialog}
      {refunding && (
        <OneFieldDialog
          title={t('credits.refundTitle')}
          description={t('credits.refundDescription', {
            amount: inr(refunding.amount),
            utr: refunding.utr ?? t('credits.line', { line: refunding.line_no }),
          })}
          schema={refundCreditSchema}
          field={{ name: 'refund_utr', label: t('credits.refundUtr') }}
          submitLabel={t('credits.refundTitle')}
          onClose={() => setRefunding(null)}
          onSubmit={(utr) => decisionRecorded(refund({ id: refunding._id, refund_utr: utr }))}
        />
      )}
    </>
  );
}
