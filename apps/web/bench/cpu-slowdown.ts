/**
 * The CPU slowdown that makes this host behave like a mid-tier phone, from Lighthouse's
 * BenchmarkIndex of the host. The Lighthouse team's calculator
 * (github.com/patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's
 * docs/throttling.md): 1533 (a typical high-end desktop) is Lighthouse's default 4x, 1300 is 3x,
 * 800 is 2x and 150 is 1x, linear between those points. Never below 1x.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (!(benchmarkIndex > 0))
    throw new Error(`no BenchmarkIndex to calibrate by: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
