import { QUOTE_COINS } from '@exchange/contracts';
import { groupThousands, roundAmount, truncateAmount } from './amount';
import { stepDecimals } from './decimal';
/** Large numbers abbreviated with K, M, B and T (spec section 9's number formats). */
const ABBREVIATIONS = [
  { value: 1e12, suffix: 'T' },
  { value: 1e9, suffix: 'B' },
  { value: 1e6, suffix: 'M' },
  { value: 1e3, suffix: 'K' },
] as const;

export const toNumber = (value: string | number | null | undefined) => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** K, M, B, T with 2 decimals; smaller values with up to 6. */
export function abbreviate(value: string | number): string {
  const n = toNumber(value);
  const abs = Math.abs(n);
  for (const { value: unit, suffix } of ABBREVIATIONS) {
    if (abs >= unit) return `${(n / unit).toFixed(2)}${suffix}`;
  }
  return groupedDecimals(value, 0, 6);
}

/** A price as a currency amount: 2 to 8 fraction digits, thousands grouped. */
export const formatPrice = (value: string | number) => groupedDecimals(value, 2, 8);

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

/**
 * Spec section 9: wallet amounts to 4 decimals, cut down (a balance never shows more than is
 * there: 0.99995 rounded to 1.0000 could not be withdrawn as 1); a negative amount shows 0.
 */
export function formatWalletAmount(value: string): string {
  const fixed = truncateAmount(value, 4);
  return fixed.startsWith('-') ? '0.0000' : groupThousands(fixed);
}

/** A value in USDT to 2 decimals (total asset value, order totals). */
export const formatUsdt = (value: string) => groupThousands(roundAmount(value, 2));

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec section 9: DD/MM/YYYY HH:mm:ss in the user's own time zone, 24-hour clock. */
export function formatDateTime(value: string | number | Date): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A symbol as its pair: BTCUSDT is BTC/USDT. */
export const formatPair = (symbol: string) => {
  const quote = QUOTE_COINS.find((q) => symbol.endsWith(q) && symbol !== q);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
};
