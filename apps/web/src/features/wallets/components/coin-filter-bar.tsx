import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('wallets');
  return (
    <div className={styles.filterBar}>
      <div role="search" aria-label={t('filter.coins')} className={styles.filterSearch}>
        <Field
          label={t('filter.search')}
          type="search"
          placeholder={t('filter.placeholder')}
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
        {t('filter.hideZero')}
      </label>
    </div>
  );
}
