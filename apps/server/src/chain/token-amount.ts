const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * Parses a decimal string as the user typed it ("12.5", "0.000001", ".5") into base units of a
 * token with `decimals` decimals, exactly: no floats ever touch the value. Returns null when the
 * text is not a plain non-negative decimal or has non-zero digits beyond the token's precision
 * (such an amount can never equal an on-chain transfer). Trailing zeros past it are harmless.
 */
export function parseTokenAmount(text: string, decimals: number): bigint | null {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}
