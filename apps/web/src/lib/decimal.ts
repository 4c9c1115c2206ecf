/**
 * Exact decimal strings for the order form (money is never a float in logic): a value is a
 * bigint of units at a scale. Only what the form needs: parse, multiply, divide down, round down
 * to a step, compare, format.
 */
export interface Dec {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d*)(?:\.(\d*))?$/;

/** "12.50" → 1250 at scale 2; null when not a plain decimal. */
export function parseDec(text: string | number): Dec | null {
  const s = String(text).trim();
  const m = DECIMAL.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return null;
  const fraction = m[3] ?? '';
  const units = BigInt(`${m[2] || '0'}${fraction}`);
  return { units: m[1] ? -units : units, scale: fraction.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

function rescale(d: Dec, scale: number): bigint {
  return scale >= d.scale ? d.units * pow10(scale - d.scale) : d.units / pow10(d.scale - scale);
}

export function compareDec(a: Dec, b: Dec): number {
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(a, scale);
  const y = rescale(b, scale);
  return x === y ? 0 : x < y ? -1 : 1;
}

export const mulDec = (a: Dec, b: Dec): Dec => ({
  units: a.units * b.units,
  scale: a.scale + b.scale,
});

/** a ÷ b truncated to `scale` fraction digits (toward zero). */
export function divDec(a: Dec, b: Dec, scale: number): Dec {
  if (b.units === 0n) return { units: 0n, scale };
  // a/b = (a.units / 10^a.scale) / (b.units / 10^b.scale)
  const numerator = a.units * pow10(scale + b.scale);
  const denominator = b.units * pow10(a.scale);
  return { units: numerator / denominator, scale };
}

/** The largest multiple of `step` not above a non-negative `value`. */
export function floorToStep(value: Dec, step: Dec): Dec {
  if (step.units <= 0n) return value;
  const scale = Math.max(value.scale, step.scale);
  const v = rescale(value, scale);
  const s = rescale(step, scale);
  return { units: (v / s) * s, scale };
}

/** Is `value` a whole multiple of `step`? */
export function isMultipleOf(value: Dec, step: Dec): boolean {
  if (step.units <= 0n) return true;
  const scale = Math.max(value.scale, step.scale);
  return rescale(value, scale) % rescale(step, scale) === 0n;
}

/** Plain text without trailing zeros: 1250 at scale 3 → "1.25". */
export function formatDec(d: Dec): string {
  const negative = d.units < 0n;
  const digits = (negative ? -d.units : d.units).toString().padStart(d.scale + 1, '0');
  const whole = digits.slice(0, digits.length - d.scale);
  const fraction = digits.slice(digits.length - d.scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Fixed `places` fraction digits, truncated: the order total's 2 decimals. */
export function toFixedDown(d: Dec, places: number): string {
  const r = { units: rescale(d, places), scale: places };
  const negative = r.units < 0n;
  const digits = (negative ? -r.units : r.units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${whole}${places ? `.${fraction}` : ''}`;
}

/** The number of fraction digits a step implies: 0.001 → 3, 1 → 0. */
export const stepDecimals = (step: string) => parseDec(step)?.scale ?? 0;
