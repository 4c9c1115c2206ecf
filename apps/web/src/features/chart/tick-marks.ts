import type { Time } from 'lightweight-charts';

/**
 * The time axis's labels: the bar's UTC time, as lightweight-charts writes it by default (its
 * `defaultTickMarkFormatter`) for the app's languages. The default calls `toLocaleString` with
 * options for every label, and the first such call for each kind of mark builds an ICU date
 * formatter: on a phone, a third of the chart's first draw, the trading screen's longest task.
 * Years, days and times are digits, written here as Indian English and Hindi write them (24-hour
 * "14:05"); only month names need the locale, from one `Intl.DateTimeFormat` per locale, made
 * when a month's first mark is shown.
 */
const pad = (n: number) => String(n).padStart(2, '0');

const monthFormats = new Map<string, Intl.DateTimeFormat>();
function monthName(date: Date, locale: string): string {
  let format = monthFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    monthFormats.set(locale, format);
  }
  return format.format(date);
}

/**
 * A tick mark's label; `markType` is lightweight-charts' `TickMarkType` (Year, Month,
 * DayOfMonth, Time, TimeWithSeconds) and `time` a UTC timestamp in seconds, as the chart's bars
 * have. Anything else (a business day, a mark type this does not know) is left to the library.
 */
export function tickMarkLabel(time: Time, markType: number, locale: string): string | null {
  if (typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  switch (markType) {
    case 0:
      return String(date.getUTCFullYear());
    case 1:
      return monthName(date, locale);
    case 2:
      return String(date.getUTCDate());
    case 3:
      return clock;
    case 4:
      return `${clock}:${pad(date.getUTCSeconds())}`;
    default:
      return null;
  }
}
