import { PERCENTS, percentAmount, type OrderDraft, type PairRules } from '../order-form-model';
import styles from './order-form.module.css';

interface PercentButtonsProps {
  draft: OrderDraft;
  available: string | undefined;
  lastPrice: string | undefined;
  rules: PairRules;
  disabled: boolean;
  onAmount: (amount: string) => void;
}

/** 25/50/75/100% of the available balance as the amount (decision D20). */
export function PercentButtons({
  draft,
  available,
  lastPrice,
  rules,
  disabled,
  onAmount,
}: PercentButtonsProps) {
  return (
    <div
      className={styles.percents}
      role="group"
      aria-label="Amount as a share of the available balance"
    >
      {PERCENTS.map((percent) => (
        <button
          key={percent}
          type="button"
          className={styles.percent}
          disabled={disabled || available === undefined}
          onClick={() => {
            const amount = percentAmount(percent, draft, available ?? '0', lastPrice, rules);
            if (amount !== null) onAmount(amount);
          }}
        >
          {percent}%
        </button>
      ))}
    </div>
  );
}
