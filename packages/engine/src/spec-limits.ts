import type { BookSpec } from './types.js';

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const DEFAULT_MAX = 2 ** 26;
const DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** A malformed spec is a programming error, so it throws rather than returning a rejection. */
export function checkSpec(spec: BookSpec): { maxPrice: number; maxQuantity: number } {
  const maxPrice = spec.maxPrice ?? DEFAULT_MAX;
  const maxQuantity = spec.maxQuantity ?? DEFAULT_MAX;
  if (!spec.symbol) throw new Error('book spec needs a symbol');
  for (const step of [spec.tickSize, spec.lotSize]) {
    if (!DECIMAL.test(step) || !/[1-9]/.test(step))
      throw new Error(`${spec.symbol}: bad step "${step}"`);
  }
  if (
    !Number.isSafeInteger(maxPrice) ||
    !Number.isSafeInteger(maxQuantity) ||
    maxPrice < 1 ||
    maxQuantity < 1
  ) {
    throw new Error(`${spec.symbol}: limits must be positive safe integers`);
  }
  if (maxPrice * maxQuantity > MAX_SAFE) {
    throw new Error(`${spec.symbol}: maxPrice × maxQuantity must be a safe integer`);
  }
  return { maxPrice, maxQuantity };
}
