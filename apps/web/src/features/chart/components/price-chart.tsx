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
import { useEffect, useMemo, useRef, useState } from 'react';
import { useGetCandlesQuery } from '../api/get-candles';
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
import { useLiveBars } from '../hooks/use-live-bars';
import { ChartLegend, type Ohlc } from './chart-legend';
import { ChartToolbar } from './chart-toolbar';
import styles from './price-chart.module.css';

interface PriceChartProps {
  symbol: string;
  /** 712 px in the trading panel, 400 px standalone (spec section 9). */
  height: number;
}

interface Series {
  price: ISeriesApi<'Candlestick'> | ISeriesApi<'Bar'>;
  volume: ISeriesApi<'Histogram'>;
}

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

function addSeries(chart: IChartApi, kind: ChartKind, precision: number): Series {
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
  return { price, volume };
}

/**
 * The chart panel (spec section 2, decision D7): the exchange's own candles at 1m-1h (default
 * 5m), candles or bars, volume below, an O/H/L/C legend that follows the live candle or the
 * crosshair, live from trades and the ticker, resizing with its container.
 */
export default function PriceChart({ symbol, height }: PriceChartProps) {
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

  // A new symbol, interval or type rebuilds the chart (spec section 4), on its last 100 candles.
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const chart = createChart(container, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: '#848e9c' },
      grid: { vertLines: { color: '#1f252b' }, horzLines: { color: '#1f252b' } },
      timeScale: { timeVisible: true, secondsVisible: false, borderColor: '#2b3139' },
      rightPriceScale: { borderColor: '#2b3139' },
      localization: { priceFormatter: priceAxisFormatter(precision) },
    });
    const s = addSeries(chart, kind, precision);
    s.price.setData(bars.map(priceOf));
    s.volume.setData(bars.map(volumeOf));
    const range = openingRange(bars.length);
    if (range) chart.timeScale().setVisibleLogicalRange(range);
    else chart.timeScale().fitContent();
    series.current = s;
    live.current = bars.at(-1);
    setLegend(ohlcOf(live.current));
    const onMove = (param: MouseEventParams) => {
      const point = param.seriesData.get(s.price) as Ohlc | undefined;
      hovering.current = Boolean(point && 'open' in point);
      setLegend(hovering.current && point ? point : ohlcOf(live.current));
    };
    chart.subscribeCrosshairMove(onMove);
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      series.current = null;
      chart.remove();
    };
  }, [bars, kind, precision]);

  useLiveBars(symbol, interval, bars.at(-1), (bar) => {
    live.current = bar;
    series.current?.price.update(priceOf(bar));
    series.current?.volume.update(volumeOf(bar));
    if (!hovering.current) setLegend(ohlcOf(bar));
  });

  return (
    <section className={styles.panel} aria-label={`${symbol} price chart`}>
      <ChartToolbar
        interval={interval}
        kind={kind}
        onInterval={setChartInterval}
        onKind={setKind}
      />
      <div className={styles.stage} style={{ height }}>
        <ChartLegend ohlc={legend} precision={precision} />
        <div
          ref={box}
          className={styles.canvas}
          data-testid="price-chart"
          data-interval={interval}
          data-kind={kind}
        />
        {isFetching && bars.length === 0 && <p className={styles.status}>Loading chart…</p>}
        {isError && bars.length === 0 && <p className={styles.status}>Chart data unavailable</p>}
      </div>
    </section>
  );
}
