/** The value at quantile q (0..1) of ascending samples; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** Milliseconds to two decimals, as the benchmarks print them. */
export const ms = (x: number) => Math.round(x * 100) / 100;
