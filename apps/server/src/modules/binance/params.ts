import { BINANCE_ERRORS } from './errors.js';

const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
const INTEGER = /^\d{1,16}$/;

/**
 * A Binance request's parameters: the query string and the form body as received, read the
 * way Binance reads them (every value a string; a bad or missing one refused with its code).
 */
export class BinanceParams {
  constructor(private readonly values: URLSearchParams) {}

  static of(rawQuery: string, rawBody: string): BinanceParams {
    const values = new URLSearchParams(rawQuery);
    for (const [name, value] of new URLSearchParams(rawBody)) values.append(name, value);
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

  integer(name: string): number | undefined {
    const value = this.optional(name);
    if (value === undefined) return undefined;
    if (!INTEGER.test(value)) throw BINANCE_ERRORS.illegalChars(name);
    return Number(value);
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
