import { memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PANEL_INTERVALS, type ChartKind, type PanelInterval } from '../chart-model';
import type { IndicatorId } from '../indicator-choices';
import { IndicatorMenu } from './indicator-menu';
import styles from './price-chart.module.css';

interface ChartToolbarProps {
  interval: PanelInterval;
  kind: ChartKind;
  onInterval: (interval: PanelInterval) => void;
  onKind: (kind: ChartKind) => void;
  indicators: readonly IndicatorId[];
  onIndicators: (ids: IndicatorId[]) => void;
}

const KINDS: readonly ChartKind[] = ['candles', 'bars'];

/**
 * Interval buttons 1m-1h, the Candles/Bars toggle and the Indicators menu. Memoised: the live
 * candle renders the chart's legend many times a second, not the toolbar.
 */
export const ChartToolbar = memo(function ChartToolbar({
  interval,
  kind,
  onInterval,
  onKind,
  indicators,
  onIndicators,
}: ChartToolbarProps) {
  const { t } = useTranslation('chart');
  return (
    <div className={styles.toolbar}>
      <div role="group" aria-label={t('toolbar.interval')} className={styles.group}>
        {PANEL_INTERVALS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={value === interval}
            className={styles.button}
            onClick={() => onInterval(value)}
          >
            {value}
          </button>
        ))}
      </div>
      <div className={styles.tools}>
        <div role="group" aria-label={t('toolbar.type')} className={styles.group}>
          {KINDS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === kind}
              className={styles.button}
              onClick={() => onKind(value)}
            >
              {t(`toolbar.${value}`)}
            </button>
          ))}
        </div>
        {/* Its words load with their catalog; the chart does not wait for them. */}
        <Suspense fallback={null}>
          <IndicatorMenu chosen={indicators} onChange={onIndicators} />
        </Suspense>
      </div>
    </div>
  );
});
