import { DEFAULT_CHART_INTERVAL } from '@exchange/contracts';
import {
  BarSeries,
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCandlesQuery, useLazyGetOlderCandlesQuery } from '../api/get-candles';
import {
  CHART_COLORS,
  openingRange,
  priceAxisFormatter,
  pricePrecision,
  toBar,
  type Bar,
  type ChartKind,
  type PanelInterval,
} from '../chart-model';
import { loadIndicators, saveIndicators, type IndicatorId } from '../indicator-choices';
import { useLiveBars } from '../hooks/use-live-bars';
import { framedTickMarks } from '../framed-tick-marks';
import { addIndicators } from './indicator-series';
import { ChartLegend, type Ohlc } from './chart-legend';
import { ChartToolbar } from './chart-toolbar';
import styles from './price-chart.module.css';

interface PriceChartProps {
  symbol: string;
  /**
   * The panel's height, its toolbar included (712 px in the trading panel, 400 px standalone,
   * spec section 9): a slot of this height holds its place before it loads, and nothing moves.
   */
  height: number;
}

interface Series {
  price: ISeriesApi<'Candlestick'> | ISeriesApi<'Bar'>;
  volume: ISeriesApi<'Histogram'>;
  indicators: ReturnType<typeof addIndicators>;
}

/** Candles loaded by scrolling back, for one symbol and interval; `done` once none are left. */
interface Older {
  key: string;
  bars: Bar[];
  done: boolean;
  loading: boolean;
}

/** How close (in bars) to the oldest loaded one the view may come before more are loaded. */
const LOAD_MARGIN = 10;

const time = (t: number) => t as UTCTimestamp;
const priceOf = (b: Bar) => ({
  time: time(b.time),
  open: b.open,
  high: b.high,
  low: b.low,
  close: b.close,
});
const volumeOf = (b: Bar) => ({
  time: time(b.time),
  value: b.volume,
  color: b.fresh
    ? CHART_COLORS.volumeNew
    : b.close > b.open
      ? CHART_COLORS.volumeUp
      : CHART_COLORS.volumeDown,
});
const ohlcOf = (b: Bar | undefined): Ohlc | null =>
  b ? { open: b.open, high: b.high, low: b.low, close: b.close } : null;

function addSeries(
  chart: IChartApi,
  kind: ChartKind,
  precision: number,
  indicators: readonly IndicatorId[],
): Series {
  const colours = {
    upColor: CHART_COLORS.up,
    downColor: CHART_COLORS.down,
    priceFormat: { type: 'price' as const, precision, minMove: 10 ** -precision },
  };
  const price =
    kind === 'candles'
      ? chart.addSeries(CandlestickSeries, {
          ...colours,
          borderVisible: false,
          wickUpColor: CHART_COLORS.up,
          wickDownColor: CHART_COLORS.down,
        })
      : chart.addSeries(BarSeries, colours);
  const volume = chart.addSeries(HistogramSeries, {
    priceScaleId: '',
    priceFormat: { type: 'volume' },
  });
  // Spec section 9: volume in the bottom 8% (top margin 0.92).
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.92, bottom: 0 } });
  return { price, volume, indicators: addIndicators(chart, indicators, precision) };
}

/**
 * The chart panel (spec section 2, decision D7): the exchange's own candles at 1m-1h (default
 * 5m), candles or bars, volume below, an O/H/L/C legend that follows the live candle or the
 * crosshair, live from trades and the ticker, resizing with its container. It opens on the last
 * 100 candles; scrolling back near the oldest loads the page before it. Indicators (MA, EMA,
 * Bollinger bands, volume MA, RSI, MACD) are chosen in a menu and remembered in this browser.
 */
export default function PriceChart({ symbol, height }: PriceChartProps) {
  const { t } = useTranslation('chart');
  const [interval, setChartInterval] = useState<PanelInterval>(
    DEFAULT_CHART_INTERVAL as PanelInterval,
  );
  const [kind, setKind] = useState<ChartKind>('candles');
  const { currentData, isFetching, isError } = useGetCandlesQuery({ symbol, interval });
  const bars = useMemo(() => (currentData ?? []).map(toBar), [currentData]);
  const precision = useMemo(() => pricePrecision(currentData ?? []), [currentData]);
  const box = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const hovering = useRef(false);
  const [legend, setLegend] = useState<Ohlc | null>(null);
  const live = useRef<Bar | undefined>(undefined);
  const [indicators, setIndicators] = useState<IndicatorId[]>(loadIndicators);
  const chooseIndicators = useCallback((ids: IndicatorId[]) => {
    saveIndicators(ids);
    setIndicators(ids);
  }, []);
  const [fetchOlder] = useLazyGetOlderCandlesQuery();
  const key = `${symbol}:${interval}`;
  const older = useRef<Older>({ key, bars: [], done: false, loading: false });
  /** Every bar drawn, oldest first: those scrolled back to, the loaded ones, the live one. */
  const all = useRef<Bar[]>([]);

  // A new symbol, interval, type or indicator choice rebuilds the chart (spec section 4), on its
  // last 100 candles; the candles already scrolled back to stay while symbol and interval do.
  // Built once its candles are in, not empty first and again with them: building and first
  // drawing a chart is the largest single task of the trading screen's load on a phone.
  useEffect(() => {
    const container = box.current;
    if (!container || !currentData) return;
    if (older.current.key !== key) older.current = { key, bars: [], done: false, loading: false };
    let built: IChartApi | null = null;
    const ticks = framedTickMarks(() => built);
    const chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: '#848e9c',
        panes: { separatorColor: '#2b3139' },
      },
      grid: { vertLines: { color: '#1f252b' }, horzLines: { color: '#1f252b' } },
      timeScale: {
        timeVisible: true,
        secondsVisible: false,
        borderColor: '#2b3139',
        tickMarkFormatter: ticks.format,
      },
      rightPriceScale: { borderColor: '#2b3139' },
      localization: { priceFormatter: priceAxisFormatter(precision) },
    });
    built = chart;
    const s = addSeries(chart, kind, precision, indicators);
    const draw = () => {
      s.price.setData(all.current.map(priceOf));
      s.volume.setData(all.current.map(volumeOf));
      s.indicators.setAll(all.current);
    };
    // Loaded again (a reconnect): the candles scrolled back to end before the first loaded one.
    const first = bars[0]?.time ?? Infinity;
    older.current.bars = older.current.bars.filter((b) => b.time < first);
    all.current = [...older.current.bars, ...bars];
    draw();
    const range = openingRange(all.current.length);
    if (older.current.bars.length > 0) {
      const count = all.current.length;
      chart.timeScale().setVisibleLogicalRange({ from: count - 100, to: count + 2 });
    } else if (range) chart.timeScale().setVisibleLogicalRange(range);
    else chart.timeScale().fitContent();
    series.current = s;
    live.current = bars.at(-1);
    setLegend(ohlcOf(live.current));
    let removed = false;
    const loadOlder = async () => {
      const state = older.current;
      const oldest = all.current[0];
      if (state.loading || state.done || !oldest) return;
      state.loading = true;
      try {
        const page = await fetchOlder({ symbol, interval, before: oldest.time }).unwrap();
        const got = page.map(toBar);
        if (removed || older.current !== state) return;
        if (got.length === 0) {
          state.done = true;
          return;
        }
        state.bars = [...got, ...state.bars];
        all.current = [...got, ...all.current];
        const shown = chart.timeScale().getVisibleLogicalRange();
        draw();
        if (shown)
          chart.timeScale().setVisibleLogicalRange({
            from: shown.from + got.length,
            to: shown.to + got.length,
          });
      } catch {
        // Not loaded now: the next scroll asks again.
      } finally {
        state.loading = false;
      }
    };
    const onRange = (shown: { from: number; to: number } | null) => {
      ticks.refresh();
      if (shown && shown.from < LOAD_MARGIN) void loadOlder();
    };
    chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
    const onMove = (param: MouseEventParams) => {
      const point = param.seriesData.get(s.price) as Ohlc | undefined;
      hovering.current = Boolean(point && 'open' in point);
      setLegend(hovering.current && point ? point : ohlcOf(live.current));
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      removed = true;
      chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      chart.unsubscribeCrosshairMove(onMove);
      series.current = null;
      chart.remove();
    };
  }, [currentData, bars, kind, precision, indicators, key, symbol, interval, fetchOlder]);

  useLiveBars(symbol, interval, bars.at(-1), (bar) => {
    live.current = bar;
    const last = all.current.at(-1);
    if (last && last.time === bar.time) all.current[all.current.length - 1] = bar;
    else all.current.push(bar);
    series.current?.price.update(priceOf(bar));
    series.current?.volume.update(volumeOf(bar));
    series.current?.indicators.updateLast(all.current);
    if (!hovering.current) setLegend(ohlcOf(bar));
  });

  return (
    <section className={styles.panel} style={{ height }} aria-label={t('label', { symbol })}>
      <ChartToolbar
        interval={interval}
        kind={kind}
        onInterval={setChartInterval}
        onKind={setKind}
        indicators={indicators}
        onIndicators={chooseIndicators}
      />
      <div className={styles.stage}>
        {/* An interval's candles still loading: no chart yet, and no other interval's candle. */}
        <ChartLegend ohlc={currentData ? legend : null} precision={precision} />
        <div
          ref={box}
          className={styles.canvas}
          data-testid="price-chart"
          data-interval={interval}
          data-kind={kind}
          data-indicators={indicators.join(' ')}
        />
        {isFetching && bars.length === 0 && <p className={styles.status}>{t('loading')}</p>}
        {isError && bars.length === 0 && <p className={styles.status}>{t('unavailable')}</p>}
      </div>
    </section>
  );
}
