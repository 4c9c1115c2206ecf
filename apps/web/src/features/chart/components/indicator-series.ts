import {
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Bar } from '../chart-model';
import type { IndicatorId } from '../indicator-choices';
import { bollinger, ema, macd, rsi, sma, type Series } from '../indicators';

interface Drawn {
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  values: (bars: readonly Bar[]) => Series;
  /** A histogram's bars are coloured by their sign. */
  signed?: boolean;
}

const closes = (bars: readonly Bar[]) => bars.map((b) => b.close);
const point = (bar: Bar, value: number | null | undefined, signed?: boolean) => {
  const time = bar.time as UTCTimestamp;
  if (value == null) return { time };
  return signed ? { time, value, color: value >= 0 ? '#26a69a99' : '#ef535099' } : { time, value };
};
const line = (colour: string) => ({
  color: colour,
  lineWidth: 1 as const,
  priceLineVisible: false,
  lastValueVisible: false,
  crosshairMarkerVisible: false,
});

/**
 * The chosen indicators drawn on `chart`: MA, EMA and the Bollinger bands over the candles, the
 * volume MA over the volume, RSI and MACD each in a pane of its own below. `setAll` draws them
 * from every bar; `updateLast` moves their last point with the live candle.
 */
export function addIndicators(chart: IChartApi, chosen: readonly IndicatorId[], precision: number) {
  const drawn: Drawn[] = [];
  const priceFormat = { type: 'price' as const, precision, minMove: 10 ** -precision };
  const add = (d: Drawn) => drawn.push(d);
  let pane = 0;
  for (const id of chosen) {
    if (id === 'ma')
      add({
        series: chart.addSeries(LineSeries, { ...line('#f0b90b'), priceFormat }),
        values: (b) => sma(closes(b), 20),
      });
    if (id === 'ema')
      add({
        series: chart.addSeries(LineSeries, { ...line('#e040fb'), priceFormat }),
        values: (b) => ema(closes(b), 50),
      });
    if (id === 'bb')
      for (const band of ['upper', 'middle', 'lower'] as const)
        add({
          series: chart.addSeries(LineSeries, { ...line('#7e57c2'), priceFormat }),
          values: (b) => bollinger(closes(b))[band],
        });
    if (id === 'volMa')
      add({
        series: chart.addSeries(LineSeries, { ...line('#f0b90b'), priceScaleId: '' }),
        values: (b) =>
          sma(
            b.map((x) => x.volume),
            20,
          ),
      });
    if (id === 'rsi') {
      pane += 1;
      const series = chart.addSeries(
        LineSeries,
        { ...line('#b39ddb'), lastValueVisible: true },
        pane,
      );
      for (const level of [70, 30])
        series.createPriceLine({
          price: level,
          color: '#5e6673',
          lineWidth: 1,
          lineStyle: 2,
          axisLabelVisible: false,
        });
      add({ series, values: (b) => rsi(closes(b), 14) });
    }
    if (id === 'macd') {
      pane += 1;
      add({
        series: chart.addSeries(
          HistogramSeries,
          { priceLineVisible: false, lastValueVisible: false },
          pane,
        ),
        values: (b) => macd(closes(b)).histogram,
        signed: true,
      });
      add({
        series: chart.addSeries(LineSeries, line('#2962ff'), pane),
        values: (b) => macd(closes(b)).line,
      });
      add({
        series: chart.addSeries(LineSeries, line('#ff6d00'), pane),
        values: (b) => macd(closes(b)).signal,
      });
    }
  }
  // The candles keep most of the height; each indicator pane a quarter of theirs.
  chart.panes().forEach((p, i) => p.setStretchFactor(i === 0 ? 4 : 1));
  return {
    setAll(bars: readonly Bar[]) {
      for (const d of drawn) {
        const values = d.values(bars);
        d.series.setData(bars.map((bar, i) => point(bar, values[i], d.signed)));
      }
    },
    updateLast(bars: readonly Bar[]) {
      const bar = bars.at(-1);
      if (!bar) return;
      for (const d of drawn) d.series.update(point(bar, d.values(bars).at(-1), d.signed));
    },
  };
}
