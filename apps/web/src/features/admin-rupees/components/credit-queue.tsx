import { BANK_CREDIT_STATUSES, type BankCreditStatus } from '@exchange/contracts';
import { useState } from 'react';
import { Select } from '@/components/ui/select';
import { useGetCreditsQuery } from '../api/admin-rupees-api';
import styles from './admin-rupees.module.css';
import { CREDIT_LABELS } from './credit-status';
import { CreditTable } from './credit-table';

/** Bank credits by outcome: the unclaimed ones wait for an admin, as do refunds due. */
export function CreditQueue({ askCode }: { askCode: boolean }) {
  const [status, setStatus] = useState<BankCreditStatus>('unclaimed');
  const { data, isLoading } = useGetCreditsQuery(status, { refetchOnMountOrArgChange: true });
  return (
    <section className={styles.section} aria-labelledby="credits-title">
      <h2 id="credits-title">Bank credits</h2>
      <div className={styles.filters}>
        <Select
          label="Outcome"
          options={BANK_CREDIT_STATUSES.map((s) => ({ value: s, label: CREDIT_LABELS[s] }))}
          value={status}
          onValueChange={(v) => setStatus(v as BankCreditStatus)}
        />
      </div>
      <CreditTable
        label="Bank credits"
        rows={data?.data ?? []}
        isLoading={isLoading}
        askCode={askCode}
      />
    </section>
  );
}
