import { useTranslation } from 'react-i18next';
import { PERCENTS, percentAmount, type OrderDraft, type PairRules } from '../order-form-model';
import styles from './order-form.module.css';

interface PercentButtonsProps {
  draft: OrderDraft;
  available: string | undefined;
  lastPrice: string | undefined;
  rules: PairRules;
  disabled: boolean;
  /** The amount, or null when there is no price to size a buy at. */
  onAmount: (amount: string | null) => void;
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
  const { t } = useTranslation('orders');
  return (
    <div className={styles.percents} role="group" aria-label={t('form.percents')}>
      {PERCENTS.map((percent) => (
        <button
          key={percent}
          type="button"
          className={styles.percent}
          disabled={disabled || available === undefined}
          onClick={() =>
            onAmount(percentAmount(percent, draft, available ?? '0', lastPrice, rules))
          }
        >
          {percent}%
        </button>
      ))}
    </div>
  );
}
