import { QUOTE_COINS, type QuoteCoin } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import styles from './quote-tabs.module.css';

interface QuoteTabsProps {
  value: QuoteCoin;
  onChange: (quote: QuoteCoin) => void;
}

/** USDT or INR: which quote coin's pairs a list shows. */
export function QuoteTabs({ value, onChange }: QuoteTabsProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.tabs} role="group" aria-label={t('pairs.quoteCoin')}>
      {QUOTE_COINS.map((q) => (
        <button
          key={q}
          type="button"
          aria-pressed={value === q}
          className={value === q ? styles.active : styles.tab}
          onClick={() => onChange(q)}
        >
          {q}
        </button>
      ))}
    </div>
  );
}

/** The quote coin of a symbol (`BTCINR` → INR), USDT for anything else. */
export const quoteOf = (symbol: string): QuoteCoin =>
  QUOTE_COINS.find((q) => symbol.endsWith(q) && symbol !== q) ?? 'USDT';
