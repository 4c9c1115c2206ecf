import { INR, QUOTE_COINS } from '@exchange/contracts';
import {
  floorAmount,
  groupThousands,
  multiplyAmounts,
  roundAmount,
  truncateAmount,
} from './amount';
import { stepDecimals } from './decimal';
import { groupDigits, numberGrouping } from './number-grouping';
/** The language on screen (i18n sets <html lang>). */
const screenLanguage = (): 'en' | 'hi' =>
  typeof document !== 'undefined' && document.documentElement.lang === 'hi' ? 'hi' : 'en';

/** Large numbers abbreviated with K, M, B and T (spec section 9's number formats). */
const ABBREVIATIONS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

/**
 * With Indian grouping chosen, in lakhs and crores instead (W4-10): "3.68 Cr", in Hindi
 * "3.68 करोड़"; the crores of a larger number grouped ("1,00,000.00 Cr").
 */
const INDIAN_ABBREVIATIONS = {
  en: [
    { value: 1e7, suffix: ' Cr' },
    { value: 1e5, suffix: ' L' },
  ],
  hi: [
    { value: 1e7, suffix: ' करोड़' },
    { value: 1e5, suffix: ' लाख' },
  ],
} as const;

export const toNumber = (value: string | number | null | undefined) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/**
 * K, M, B, T with 2 decimals, or with Indian grouping lakhs (L) and crores (Cr), below a lakh
 * grouped to 2 decimals; small values (under a thousand) with up to 6.
 */
export function abbreviate(value: string | number): string {
  const n = toNumber(value);
  const abs = Math.abs(n);
  const indian = numberGrouping() === 'indian';
  const units = indian ? INDIAN_ABBREVIATIONS[screenLanguage()] : ABBREVIATIONS;
  for (const { value: unit, suffix } of units) {
    if (abs >= unit) return `${groupDigits((n / unit).toFixed(2))}${suffix}`;
  }
  return groupedDecimals(value, 0, indian && abs >= 1e3 ? 2 : 6);
}

/** A price as a currency amount: 2 to 8 fraction digits, thousands grouped. */
export const formatPrice = (value: string | number) => groupedDecimals(value, 2, 8);

/**
 * A pair's price in its quote coin: an INR pair's (BTC/INR) is a rupee amount and shows the ₹
 * sign (issue 36); its digits stay a price's, grouped as the user chose ("₹85,00,000.00").
 */
export const formatQuotePrice = (value: string | number, quote: string) =>
  quote === INR ? `₹${formatPrice(value)}` : formatPrice(value);

/**
 * `value` rounded half away from zero to at most `max` fraction digits and shown with at least
 * `min`, thousands grouped: exact on decimal strings, and without Intl, whose first use on a
 * page costs a phone tens of milliseconds (its number formats load then).
 */
function groupedDecimals(value: string | number, min: number, max: number): string {
  const text = typeof value === 'number' ? toNumber(value).toFixed(max) : value;
  const [whole = '0', fraction = ''] = roundAmount(text, max).split('.');
  const shown = fraction.replace(/0+$/, '').padEnd(min, '0');
  return groupThousands(shown ? `${whole}.${shown}` : whole);
}

/**
 * A price or amount to its pair's step (tick or lot size), thousands grouped: every row of a book
 * or trade list shows the same decimals, so the columns line up ("0.0000221" → "0.00002210").
 */
export const formatToStep = (value: string, step: string | undefined) =>
  step ? groupThousands(roundAmount(value, stepDecimals(step))) : formatPrice(value);

/** Percent change with its sign; non-negative counts as up (spec: green when not negative). */
export function formatChange(value: string | number) {
  const n = toNumber(value);
  return { text: `${n >= 0 ? '+' : ''}${n.toFixed(2)}%`, up: n >= 0 };
}

/** A rate fraction as a percentage: "0.01" is "1%", "0.001" is "0.1%". */
export const formatRate = (rate: string) => `${multiplyAmounts(rate, '100')}%`;

/**
 * Rupees (issue 36): the ₹ sign, paisa (2 decimals, cut down as the server's CSVs are) and always
 * Indian grouping, whatever the grouping setting and in Hindi too (Latin digits):
 * "100000" → "₹1,00,000.00", "-2637.368" → "-₹2,637.36". Exact on decimal strings.
 */
export function formatInr(value: string): string {
  const fixed = truncateAmount(value, 2);
  const negative = fixed.startsWith('-');
  return `${negative ? '-' : ''}₹${groupDigits(negative ? fixed.slice(1) : fixed, 'indian')}`;
}

/**
 * Spec section 9: wallet amounts to 4 decimals at least, cut down (a balance never shows more
 * than is there: 0.99995 rounded to 1.0000 could not be withdrawn as 1), and with a coin's
 * `decimals` every digit it has up to them (review W4-18: BTC 0.0015974, not 0.0015); a negative
 * amount shows 0. Rupees (`coin` INR) show as `formatInr`: ₹1,00,000.00.
 */
export function formatWalletAmount(value: string, coin?: string, decimals = 4): string {
  const negative = truncateAmount(value, 4).startsWith('-');
  if (coin === INR) return formatInr(negative ? '0' : value);
  if (negative) return '0.0000';
  const exact = floorAmount(value, Math.max(decimals, 4));
  const places = Math.max(exact.split('.')[1]?.length ?? 0, 4);
  return groupThousands(truncateAmount(exact, places));
}

/**
 * An amount with its coin, as every list and dialog shows one (W4-9): rupees as `formatInr`
 * ("₹50,000.00"), any other coin grouped with its name after it ("0.0015 BTC").
 */
export const formatCoinAmount = (
  value: string,
  coin: string,
  digits: (value: string) => string = groupThousands,
) => (coin === INR ? formatInr(value) : `${digits(value)} ${coin}`);

/**
 * A price worked out rather than quoted (an average cost, W4-10): 2 decimals from 1 up
 * ("97,925.86"), up to 8 below (a coin worth a fraction of a cent).
 */
export const formatCostPrice = (value: string) =>
  Math.abs(toNumber(value)) >= 1 ? groupedDecimals(value, 2, 2) : formatPrice(value);

/**
 * An exact amount of a coin (proof-of-reserves totals, W4-10), grouped, to at most 8 decimals
 * cut down: "2506534.4043953952091" → "25,06,534.40439539".
 */
export const formatQuantity = (value: string) => groupThousands(floorAmount(value, 8));

/** A value in USDT to 2 decimals (total asset value, order totals). */
export const formatUsdt = (value: string) => groupThousands(roundAmount(value, 2));

/** Indian Standard Time, which tax statements are kept in (the server's CSVs too). */
export const IST_TIME_ZONE = 'Asia/Kolkata';

/** Built once per language and zone: an Intl formatter costs a phone milliseconds to build. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  // Both languages show Latin digits, day before month.
  const language = screenLanguage();
  const key = `${language}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${language}-IN-u-nu-latn`, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

function dateTimeIn(value: string | number | Date, timeZone: string | undefined): string | null {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value: text } of dateFormat(timeZone).formatToParts(d)) part[type] = text;
  const { day, month, year, hour, minute, second } = part;
  return `${day}/${month}/${year} ${hour}:${minute}:${second}`;
}

/**
 * Spec section 9: DD/MM/YYYY HH:mm:ss in the user's own time zone, 24-hour clock, through Intl
 * in the language on screen.
 */
export const formatDateTime = (value: string | number | Date): string =>
  dateTimeIn(value, undefined) ?? '-';

/** A tax statement's time (TDS, Form 26QF): in IST whatever the user's zone, labelled "IST". */
export function formatDateTimeIst(value: string | number | Date): string {
  const text = dateTimeIn(value, IST_TIME_ZONE);
  return text ? `${text} IST` : '-';
}

/** A symbol as its pair: BTCUSDT is BTC/USDT. */
export const formatPair = (symbol: string) => {
  const quote = QUOTE_COINS.find((q) => symbol.endsWith(q) && symbol !== q);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
};
