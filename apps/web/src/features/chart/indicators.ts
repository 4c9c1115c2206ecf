/**
 * The chart's indicators, computed in the browser from the candles (numbers are for drawing
 * only). Each answers one value per input, null where the period has not filled yet.
 */
export type Series = (number | null)[];

/** Simple moving average over `period` values. */
export function sma(values: readonly number[], period: number): Series {
  let sum = 0;
  return values.map((v, i) => {
    sum += v;
    if (i >= period) sum -= values[i - period] ?? 0;
    return i >= period - 1 ? sum / period : null;
  });
}

/** Exponential moving average, seeded with the first `period` values' simple average. */
export function ema(values: readonly number[], period: number): Series {
  const k = 2 / (period + 1);
  let last: number | null = null;
  let sum = 0;
  return values.map((v, i) => {
    if (last === null) {
      sum += v;
      if (i < period - 1) return null;
      last = sum / period;
      return last;
    }
    last = v * k + last * (1 - k);
    return last;
  });
}

/** Bollinger bands: the simple average and `k` population standard deviations either side. */
export function bollinger(values: readonly number[], period = 20, k = 2) {
  const middle = sma(values, period);
  const upper: Series = [];
  const lower: Series = [];
  middle.forEach((mean, i) => {
    if (mean === null) {
      upper.push(null);
      lower.push(null);
      return;
    }
    let squares = 0;
    for (let j = i - period + 1; j <= i; j += 1) squares += ((values[j] ?? mean) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper.push(mean + k * deviation);
    lower.push(mean - k * deviation);
  });
  return { middle, upper, lower };
}

/** Relative strength index with Wilder's smoothing (the first average is a simple one). */
export function rsi(values: readonly number[], period = 14): Series {
  const out: Series = values.map(() => null);
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i += 1) {
    const change = (values[i] ?? 0) - (values[i - 1] ?? 0);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
      if (i < period) continue;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    out[i] = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
  }
  return out;
}

/** MACD: the fast EMA less the slow one, its signal EMA, and their difference (the histogram). */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9) {
  const f = ema(values, fast);
  const s = ema(values, slow);
  const line: Series = values.map((_, i) => {
    const a = f[i];
    const b = s[i];
    return a == null || b == null ? null : a - b;
  });
  const start = line.findIndex((v) => v !== null);
  const defined = start < 0 ? [] : (line.slice(start) as number[]);
  const signal: Series = [...line.slice(0, Math.max(start, 0)), ...ema(defined, signalPeriod)];
  const histogram: Series = line.map((v, i) => {
    const sig = signal[i];
    return v === null || sig == null ? null : v - sig;
  });
  return { line, signal: start < 0 ? line.map(() => null) : signal, histogram };
}
