import { describe, expect, it } from 'vitest';
import { restartDecision, type RestartPolicy, type Run } from './restart-policy.js';

const policy: RestartPolicy = {
  delayMs: 250,
  maxDelayMs: 2000,
  stableMs: 10_000,
  burst: 5,
  intervalMs: 60_000,
};
/** Runs of `lengths` ms each, one after another from `from`, a second apart. */
const runs = (lengths: number[], from = 0): Run[] => {
  let at = from;
  return lengths.map((length) => {
    const run = { startedAt: at, diedAt: at + length };
    at += length + 1000;
    return run;
  });
};

describe('restartDecision', () => {
  it('restarts a member that died after a healthy run after the base delay', () => {
    expect(restartDecision(policy, runs([3_600_000]))).toEqual({ restart: true, delayMs: 250 });
    expect(restartDecision(policy, runs([20_000, 15_000]))).toEqual({
      restart: true,
      delayMs: 250,
    });
  });

  it('doubles the delay for each early death in a row, up to the most', () => {
    expect(restartDecision(policy, runs([100]))).toEqual({ restart: true, delayMs: 250 });
    expect(restartDecision(policy, runs([100, 100]))).toEqual({ restart: true, delayMs: 500 });
    expect(restartDecision(policy, runs([100, 100, 100]))).toEqual({
      restart: true,
      delayMs: 1000,
    });
    const spread = runs([100, 100, 100, 100], 0).map((r, i) => ({
      startedAt: r.startedAt + i * 20_000,
      diedAt: r.diedAt + i * 20_000,
    }));
    expect(restartDecision(policy, spread)).toEqual({ restart: true, delayMs: 2000 });
  });

  it('a stable run in between starts the delay again from the base', () => {
    expect(restartDecision(policy, runs([100, 100, 30_000, 100]))).toEqual({
      restart: true,
      delayMs: 250,
    });
  });

  it('gives up at the start limit, and counts only starts within the interval', () => {
    const decision = restartDecision(policy, runs([100, 100, 100, 100, 100]));
    expect(decision).toEqual({
      restart: false,
      reason: 'started 5 times within 60 s (start limit)',
    });
    // The same five deaths spread over more than the interval: the oldest no longer counts.
    const spread = runs([100, 100, 100, 100, 100]).map((r, i) => ({
      startedAt: r.startedAt + i * 16_000,
      diedAt: r.diedAt + i * 16_000,
    }));
    expect(restartDecision(policy, spread)).toMatchObject({ restart: true });
  });

  it('starts a member that never ran after the base delay', () => {
    expect(restartDecision(policy, [])).toEqual({ restart: true, delayMs: 250 });
  });
});
