import { BANK_CREDIT_STATUSES, type BankCreditStatus } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '@/components/ui/select';
import { useGetCreditsQuery } from '../api/rupees-api';
import type { SecondFactors } from '../hooks/use-money-decision';
import styles from './rupees.module.css';
import { useCreditLabel } from './credit-status';
import { CreditTable } from './credit-table';

/** Bank credits by outcome: the unclaimed ones wait for an admin, as do refunds due. */
export function CreditQueue({ factors }: { factors: SecondFactors }) {
  const { t } = useTranslation('admin-reviews');
  const creditLabel = useCreditLabel();
  const [status, setStatus] = useState<BankCreditStatus>('unclaimed');
  const { data, isLoading } = useGetCreditsQuery(status, { refetchOnMountOrArgChange: true });
  return (
    <section className={styles.section} aria-labelledby="credits-title">
      <h2 id="credits-title">{t('credits.title')}</h2>
      <div className={styles.filters}>
        <Select
          label={t('credits.outcome')}
          options={BANK_CREDIT_STATUSES.map((s) => ({ value: s, label: creditLabel(s) }))}
          value={status}
          onValueChange={(v) => setStatus(v as BankCreditStatus)}
        />
      </div>
      <CreditTable
        label={t('credits.label')}
        rows={data?.data ?? []}
        isLoading={isLoading}
        factors={factors}
      />
    </section>
  );
}
