import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatToStep } from '@/lib/format';
import { useGetRecentTradesQuery } from '../api/get-recent-trades';
import { useRovingRows } from '../hooks/use-roving-rows';
import styles from './book-panel.module.css';
import type { BookPick, PairSteps } from './order-book';
import { PickHint, PickRow } from './pick-row';

const timeOf = (ms: number) => new Date(ms).toLocaleTimeString('en-GB', { hour12: false });

interface RecentTradesProps {
  symbol: string;
  baseName: string;
  quoteName: string;
  steps: PairSteps;
  onPick: (pick: BookPick) => void;
}

/** Recent trades (spec section 2): price, quantity and time, newest first, live, at most 50. */
export function RecentTrades({ symbol, baseName, quoteName, steps, onPick }: RecentTradesProps) {
  const { t } = useTranslation('market');
  const { data, isLoading, isError } = useGetRecentTradesQuery(symbol);
  const hintId = useId();
  const roving = useRovingRows(data?.map((trade) => trade.id) ?? []);
  if (isLoading) return <Spinner label={t('trades.loading')} />;
  if (isError || !data) return <p className={styles.empty}>{t('trades.unavailable')}</p>;
  if (data.length === 0) return <p className={styles.empty}>{t('trades.empty')}</p>;
  return (
    <div className={styles.book} {...roving.container}>
      <div className={styles.head} aria-hidden="true">
        <span>{t('trades.price', { coin: quoteName })}</span>
        <span>{t('trades.quantity', { coin: baseName })}</span>
        <span>{t('trades.time')}</span>
      </div>
      <PickHint id={hintId} />
      <ul className={styles.trades} aria-label={t('trades.label')}>
        {data.map((trade) => (
          <PickRow
            key={trade.id}
            testId="trade-row"
            rowKey={trade.id}
            tabbable={trade.id === roving.tabKey}
            hintId={hintId}
            cells={[
              {
                name: t('trades.priceCell'),
                text: formatToStep(trade.price, steps.tick),
                className: trade.side === 'buy' ? styles.up : styles.down,
              },
              { name: t('trades.quantityCell'), text: formatToStep(trade.quantity, steps.lot) },
              { name: t('trades.timeCell'), text: timeOf(trade.time) },
            ]}
            pick={{ price: trade.price, amount: trade.quantity }}
            onPick={onPick}
          />
        ))}
      </ul>
    </div>
  );
}
