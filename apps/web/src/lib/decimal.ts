/**
 * Exact decimal-string arithmetic for money (never a float): values are scaled to bigint units
 * of 10^-SCALE, the precision the exchange itself keeps.
 */
const SCALE = 18;
const UNIT = 10n ** BigInt(SCALE);
const DECIMAL = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/;

/** A decimal string as scaled units; anything unreadable (or blank) is null. */
export function parseUnits(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? numberText(value) : value;
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(whole || '0') * UNIT + BigInt(fraction.slice(0, SCALE).padEnd(SCALE, '0'));
  return sign ? -units : units;
}

const numberText = (n: number) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 18 }) : '';

/** Scaled units back to a plain decimal string, trailing zeros dropped. */
export function formatUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

const units = (value: string | number | null | undefined) => parseUnits(value) ?? 0n;

export const addDecimals = (a: string, b: string) => formatUnits(units(a) + units(b));
export const subtractDecimals = (a: string, b: string) => formatUnits(units(a) - units(b));

/** a × b, exact to SCALE digits (truncated beyond). */
export const multiplyDecimals = (a: string, b: string) =>
  formatUnits((units(a) * units(b)) / UNIT);

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = units(a);
  const y = units(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `digits` fraction digits, rounded half up (display) or down (an amount that must be covered). */
export function toFixedDecimal(value: string, digits: number, mode: 'round' | 'down' = 'round') {
  let u = units(value);
  const negative = u < 0n;
  if (negative) u = -u;
  const step = 10n ** BigInt(SCALE - digits);
  let kept = u / step;
  if (mode === 'round' && (u % step) * 2n >= step) kept += 1n;
  const text = kept.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits > 0 ? `.${text.slice(-digits)}` : '';
  return `${negative && kept !== 0n ? '-' : ''}${whole}${fraction}`;
}

/** Thousands separators on the whole part of a plain decimal string. */
export const groupThousands = (value: string) => {
  const [whole = '0', fraction] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};
