export interface LatencyStats {
  p50us: number;
  p99us: number;
  p999us: number;
  /** The longest single operation, GC pauses included, in milliseconds. */
  maxPauseMs: number;
}

/** Percentiles of per-operation times given in milliseconds. */
export function latencyStats(samplesMs: Float64Array): LatencyStats {
  const sorted = Float64Array.from(samplesMs).sort();
  const at = (q: number) =>
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 1000;
  return {
    p50us: round(at(0.5)),
    p99us: round(at(0.99)),
    p999us: round(at(0.999)),
    maxPauseMs: round(sorted[sorted.length - 1] ?? 0),
  };
}

export function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
