import type { IChartApi, Time } from 'lightweight-charts';
import { tickMarkLabel } from './tick-marks';

/** The room kept between a label and the axis's ends, in px (its glyphs' smoothing spills). */
const MARGIN = 2;

/** Whether a label of `width` px centred at `centre` lies wholly on an axis `frame` px wide. */
export const fitsFrame = (centre: number, width: number, frame: number): boolean =>
  centre - width / 2 >= MARGIN && centre + width / 2 <= frame - MARGIN;

/** The time axis's font as lightweight-charts draws it by default (12 px, its family). */
const AXIS_FONT =
  "12px -apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif";

let context: OffscreenCanvasRenderingContext2D | null | undefined;
/** A label's width in the axis's font, or an estimate where no canvas measures it. */
function labelWidth(text: string): number {
  context ??=
    typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return text.length * 7;
  context.font = AXIS_FONT;
  return context.measureText(text).width;
}

/**
 * The time axis's labels with none cut at its edges (W4-24). lightweight-charts keeps an edge
 * label inside the frame only near the data's first bar; a chart opened on its latest candles
 * starts mid-data, and a label centred on the first visible bar showed only its right half
 * ("1:00" for 21:00). A label that would not fit is left out, as the library leaves out labels
 * that would overlap. The library keeps each label by its time until its tick marks are
 * invalidated, so the chart invalidates them whenever the view moves (`refresh`): a label left
 * out at the edge comes back once scrolled inside.
 */
export function framedTickMarks(getChart: () => IChartApi | null) {
  const format = (time: Time, markType: number, locale: string): string | null => {
    const label = tickMarkLabel(time, markType, locale);
    const chart = getChart();
    if (label === null || !chart) return label;
    const scale = chart.timeScale();
    const centre = scale.timeToCoordinate(time);
    if (centre === null) return label;
    return fitsFrame(centre, labelWidth(label), scale.width()) ? label : '';
  };
  /** Forgets the labels made for the last view (an empty options change clears the library's). */
  const refresh = () => getChart()?.timeScale().applyOptions({});
  return { format, refresh };
}
