/** Amount settings read from the environment (`env.ts`, the only reader of `process.env`, passes it in). */

/** A USDT amount setting (a decimal, at most 18 places) in ledger units; refused at start if malformed. */
export function usdtUnits(env: NodeJS.ProcessEnv, name: string, fallback: string): bigint {
  const raw = env[name]?.trim() || fallback;
  const m = /^(\d{1,24})(?:\.(\d{1,18}))?$/.exec(raw);
  if (!m) throw new Error(`${name} must be an amount of USDT, such as 1000 or 2500.50`);
  return BigInt(`${m[1]}${(m[2] ?? '').padEnd(18, '0')}`);
}

/** A non-negative decimal (at most 18 places; a fraction at most 1), or the server does not start. */
export function decimalSetting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: string,
  fraction = false,
): string {
  const value = env[name]?.trim() || fallback;
  if (!/^\d{1,24}(\.\d{1,18})?$/.test(value) || (fraction && Number(value) > 1))
    throw new Error(
      `${name} must be a decimal number${fraction ? ' between 0 and 1 (0.01 is 1%)' : ''}, not "${value}"`,
    );
  return value;
}

/** The bounds of the USDT/INR reference rate (review N4-H2), rupees a USDT in ledger units. */
export interface UsdtInrBounds {
  /** The hard sanity bound: no admin, nor two, may set a rate outside [min, max]. */
  min: bigint;
  max: bigint;
  /** One admin alone may set a rate within this percentage of the USDTINR market's price. */
  bandPercent: bigint;
}

/** USDT_INR_RATE_MIN, USDT_INR_RATE_MAX, USDT_INR_RATE_BAND_PERCENT; checked against the seed. */
export function usdtInrBounds(env: NodeJS.ProcessEnv, seed: string): UsdtInrBounds {
  const units = (name: string, fallback: string) => {
    const [whole, fraction = ''] = decimalSetting(env, name, fallback).split('.');
    return BigInt(`${whole}${fraction.padEnd(18, '0')}`);
  };
  const bounds = {
    min: units('USDT_INR_RATE_MIN', '50'),
    max: units('USDT_INR_RATE_MAX', '150'),
    bandPercent: units('USDT_INR_RATE_BAND_PERCENT', '5'),
  };
  const rate = units('USDT_INR_RATE', seed);
  if (bounds.min === 0n || bounds.min > bounds.max || rate < bounds.min || rate > bounds.max)
    throw new Error(
      'USDT_INR_RATE must lie within USDT_INR_RATE_MIN and USDT_INR_RATE_MAX (above 0)',
    );
  return bounds;
}

/** A positive number of hours or minutes; unset: the default. Anything else stops the start. */
export function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number`);
  return n;
}
