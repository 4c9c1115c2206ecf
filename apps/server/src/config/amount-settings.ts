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
