import { Field } from '@/components/ui/field';
import type { CoinFilter } from '../wallet-math';
import styles from './wallets.module.css';

/** A wallet screen's search by coin and its hide-zero switch (walk-3 D17). */
export function CoinFilterBar({
  value,
  onChange,
}: {
  value: CoinFilter;
  onChange: (value: CoinFilter) => void;
}) {
  return (
    <div className={styles.filterBar}>
      <div role="search" aria-label="Coins" className={styles.filterSearch}>
        <Field
          label="Search coin"
          type="search"
          placeholder="BTC or Bitcoin"
          autoComplete="off"
          value={value.search}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
      </div>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={value.hideZero}
          onChange={(e) => onChange({ ...value, hideZero: e.target.checked })}
        />
        Hide zero balances
      </label>
    </div>
  );
}
