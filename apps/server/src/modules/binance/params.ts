import { BINANCE_ERRORS } from './errors.js';

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const INTEGER = /^\d{1,16}$/;
/**
 * The latest time taken (ms): the end of the year 9999, the last a date writes in four digits
 * (ISO 8601 without the expanded years the database does not read). A date holds up to 8.64e15.
 */
const MAX_TIME_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A Binance request's parameters: the query string and the form body as received, read the
 * way Binance reads them (every value a string; a bad or missing one refused with its code).
 */
export class BinanceParams {
  constructor(private readonly values: URLSearchParams) {}

  /**
   * The query string's parameters, then the form body's. A parameter given twice must say the
   * same both times (-1101 otherwise): the handler reads the first, and nothing may read another.
   */
  static of(rawQuery: string, rawBody: string): BinanceParams {
    const values = new URLSearchParams(rawQuery);
    for (const [name, value] of new URLSearchParams(rawBody)) values.append(name, value);
    for (const name of new Set(values.keys()))
      if (new Set(values.getAll(name)).size > 1) throw BINANCE_ERRORS.duplicateValues();
    return new BinanceParams(values);
  }

  optional(name: string): string | undefined {
    const value = this.values.get(name);
    return value === null || value === '' ? undefined : value;
  }

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw BINANCE_ERRORS.mandatory(name);
    return value;
  }

  decimal(name: string): string | undefined {
    const value = this.optional(name);
    if (value !== undefined && !DECIMAL.test(value)) throw BINANCE_ERRORS.illegalChars(name);
    return value;
  }

  /** A whole number up to 2^53 - 1 (past that, JavaScript's numbers skip integers): -1100 else. */
  integer(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!INTEGER.test(value) || !Number.isSafeInteger(Number(value)))
      throw BINANCE_ERRORS.illegalChars(name);
    return Number(value);
  }

  /**
   * A time in epoch milliseconds, 0 to the end of the year 9999: refused with -1100 before any
   * handler makes an Invalid Date of it, or a date the database cannot read (review N4-L3).
   */
  time(name: string): number | undefined {
    const ms = this.integer(name);
    if (ms !== undefined && ms > MAX_TIME_MS) throw BINANCE_ERRORS.illegalChars(name);
    return ms;
  }

  /** An integer limit: the default when absent, refused outside 1..max. */
  limit(defaultValue: number, max: number): number {
    const limit = this.integer('limit') ?? defaultValue;
    if (limit < 1 || limit > max) throw BINANCE_ERRORS.illegalChars('limit');
    return limit;
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) throw BINANCE_ERRORS.badEnum(name);
    return value as T;
  }
}
