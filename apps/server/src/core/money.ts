import { MAX_AMOUNT_DIGITS } from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';
import { said } from '../lib/messages.js';

/**
 * Amounts in the ledger are bigint units of 10^-18 of a token, whatever the token's on-chain
 * decimals: every price × quantity of every pair is then exact. Never a float.
 */
export const LEDGER_DECIMALS = 18;
const ONE = 10n ** BigInt(LEDGER_DECIMALS);
const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const ZERO = 48; // '0'

/** Exact units of a non-negative decimal string or number; null when malformed or too precise. */
export function parseAmount(value: string | number, decimals = LEDGER_DECIMALS): bigint | null {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  if (text === null) return null;
  const m = DECIMAL.exec(text);
  if (m === null) return null;
  const fraction = m[2] ?? '';
  if (fraction.replace(/0+$/, '').length > decimals) return null;
  return BigInt((m[1] as string) + fraction.padEnd(decimals, '0').slice(0, decimals));
}

/** A JSON number as the shortest decimal text that reads back as it, exponents expanded. */
function numberText(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(String(n));
  if (m === null) return String(n);
  const digits = (m[1] as string) + (m[2] ?? '');
  const point = 1 + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return digits.padEnd(point, '0');
}

/**
 * The decimal string of `units`, without trailing zeros: 1500000000000000000n is "1.5". Every
 * amount of every answer goes through here (seven per order), so it cuts the digits once and
 * finds the last significant one by scanning rather than padding and matching a pattern.
 */
export function formatAmount(units: bigint, decimals = LEDGER_DECIMALS): string {
  // Most of an order's amounts (its fee, tax, fill and average before a trade) are nothing.
  if (units === 0n) return '0';
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (digits.length <= decimals) digits = '0'.repeat(decimals + 1 - digits.length) + digits;
  const point = digits.length - decimals;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === ZERO) end--;
  const text =
    end === point
      ? digits.slice(0, point)
      : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  return negative ? `-${text}` : text;
}

export const ledgerOne = ONE;

/**
 * A user-typed amount in ledger units: above zero and no finer than `decimals` (capped at the
 * ledger's 18), or a clear refusal.
 */
export function amountUnits(value: string | number, decimals: number): bigint {
  const places = Math.min(decimals, LEDGER_DECIMALS);
  const units = parseAmount(value, places);
  if (units !== null && units >= 10n ** BigInt(MAX_AMOUNT_DIGITS + places))
    throw new AppError('BAD_REQUEST', said('amountTooLarge'));
  if (units === null) throw new AppError('BAD_REQUEST', said('amountAllowsDecimals', places));
  if (units === 0n) throw new AppError('BAD_REQUEST', said('amountPositive'));
  return units * 10n ** BigInt(LEDGER_DECIMALS - places);
}

/**
 * Ledger units of an on-chain amount in a token of `decimals` decimals; null when the ledger
 * cannot hold it exactly (a token finer than 10^-18 sending dust below it).
 */
export function fromChainUnits(units: bigint, decimals: number): bigint | null {
  if (decimals <= LEDGER_DECIMALS) return units * 10n ** BigInt(LEDGER_DECIMALS - decimals);
  const scale = 10n ** BigInt(decimals - LEDGER_DECIMALS);
  return units % scale === 0n ? units / scale : null;
}
