import { groupDigits } from './number-grouping';
import { compareDec, divDec, formatDec, mulDec, parseDec, toFixedDown, type Dec } from './decimal';

/**
 * Decimal-string arithmetic for the wallet screens, on the exact `Dec` of ./decimal (money is
 * never a float). Unreadable input counts as 0.
 */
const dec = (value: string | number): Dec => parseDec(value) ?? { units: 0n, scale: 0 };

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  const up = (d: Dec) => d.units * 10n ** BigInt(scale - d.scale);
  return [up(a), up(b), scale];
}

export function addAmounts(...values: string[]): string {
  const total = values.reduce<Dec>((sum, v) => {
    const [x, y, scale] = align(sum, dec(v));
    return { units: x + y, scale };
  }, dec('0'));
  return formatDec(total);
}

export function subtractAmounts(a: string, b: string): string {
  const [x, y, scale] = align(dec(a), dec(b));
  return formatDec({ units: x - y, scale });
}

export const multiplyAmounts = (a: string, b: string) => formatDec(mulDec(dec(a), dec(b)));

/** a ÷ b to `scale` places, rounded down; 0 when b is 0. */
export function divideAmounts(a: string, b: string, scale: number): string {
  const divisor = dec(b);
  return divisor.units === 0n ? '0' : formatDec(divDec(dec(a), divisor, scale));
}

export const compareAmounts = (a: string, b: string) => compareDec(dec(a), dec(b));

/** `places` fraction digits, cut down (never more than the balance covers). */
export const truncateAmount = (value: string, places: number) => toFixedDown(dec(value), places);

/** At most `places` fraction digits, cut down, without trailing zeros: "1.50000000" → "1.5". */
export function floorAmount(value: string, places: number): string {
  const d = dec(value);
  if (d.scale <= places) return formatDec(d);
  return formatDec({ units: d.units / 10n ** BigInt(d.scale - places), scale: places });
}

/** `places` fraction digits, rounded half away from zero (display only). */
export function roundAmount(value: string, places: number): string {
  const d = dec(value);
  if (d.scale <= places) return toFixedDown(d, places);
  const half = 5n * 10n ** BigInt(d.scale - places - 1);
  const nudged = { units: d.units + (d.units < 0n ? -half : half), scale: d.scale };
  return toFixedDown(nudged, places);
}

/**
 * Separators on the whole part of a plain decimal string, by the user's grouping setting (Indian
 * 1,00,000 or international 100,000; ./number-grouping). Rupees use `formatInr` (./format).
 */
export const groupThousands = (value: string) => groupDigits(value);
