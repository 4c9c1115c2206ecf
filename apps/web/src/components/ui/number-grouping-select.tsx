import { NUMBER_GROUPINGS, isNumberGrouping, type NumberGrouping } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import field from './field.module.css';
import styles from './language-switch.module.css';

interface NumberGroupingSelectProps {
  value: NumberGrouping;
  onChange: (grouping: NumberGrouping) => void;
}

/**
 * Indian (1,00,000) or international (100,000) grouping for amounts and prices (issue 36): a
 * native select, so mouse, keyboard and a phone's picker all work. Rupees are always Indian.
 */
export function NumberGroupingSelect({ value, onChange }: NumberGroupingSelectProps) {
  const { t } = useTranslation('formats');
  return (
    <label className={field.field}>
      <span className={field.label}>{t('grouping.label')}</span>
      <select
        className={`${styles.select} ${styles.wide}`}
        value={value}
        onChange={(event) => {
          if (isNumberGrouping(event.target.value)) onChange(event.target.value);
        }}
      >
        {NUMBER_GROUPINGS.map((grouping) => (
          <option key={grouping} value={grouping}>
            {t(`grouping.${grouping}`)}
          </option>
        ))}
      </select>
      <span className={styles.hint}>{t('grouping.hint')}</span>
    </label>
  );
}
