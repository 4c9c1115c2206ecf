/**
 * Exact conversion between decimal strings and integer steps (ticks or lots) of a book.
 * No floats: the arithmetic is done on scaled BigInts.
 */

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

interface Scaled {
  units: bigint;
  decimals: number;
}

function parse(decimal: string): Scaled | null {
  const m = DECIMAL.exec(decimal);
  if (m === null) return null;
  const fraction = m[2] ?? '';
  return { units: BigInt((m[1] as string) + fraction), decimals: fraction.length };
}

function rescale(value: Scaled, decimals: number): bigint {
  return value.units * 10n ** BigInt(decimals - value.decimals);
}

/**
 * The number of whole `step`s in `decimal`, or null when it is malformed, not an exact
 * multiple of the step, or not a safe integer. "100.25" with step "0.05" is 2005.
 */
export function toSteps(decimal: string, step: string): number | null {
  const value = parse(decimal);
  const unit = parse(step);
  if (value === null || unit === null || unit.units === 0n) return null;
  const decimals = Math.max(value.decimals, unit.decimals);
  const v = rescale(value, decimals);
  const u = rescale(unit, decimals);
  if (v % u !== 0n) return null;
  const steps = v / u;
  return steps <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(steps) : null;
}

/** The decimal string of `steps` × `step`, without trailing zeros: 2005 × "0.05" is "100.25". */
export function fromSteps(steps: number, step: string): string {
  const unit = parse(step);
  if (unit === null || !Number.isSafeInteger(steps))
    throw new Error(`cannot scale ${steps} by ${step}`);
  const negative = steps < 0;
  const digits = (BigInt(Math.abs(steps)) * unit.units).toString().padStart(unit.decimals + 1, '0');
  const whole = digits.slice(0, digits.length - unit.decimals);
  const fraction = digits.slice(digits.length - unit.decimals).replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (fraction ? `.${fraction}` : '');
}
