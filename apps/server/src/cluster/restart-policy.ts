/**
 * When a dead cluster member is started again (`npm run cluster`'s supervisor,
 * scripts/cluster-supervisor.ts): the local form of systemd's `Restart=always` with `RestartSec=`,
 * a growing delay for a member that keeps dying soon after it started (systemd's
 * `RestartSteps=`/`RestartMaxDelaySec=`), and a start limit (`StartLimitBurst=` starts within
 * `StartLimitIntervalSec=`) past which it gives up rather than loop. ops/systemd/ carries the same
 * figures for production.
 */
export interface RestartPolicy {
  /** The delay before the first restart (RestartSec). */
  delayMs: number;
  /** The delay doubles for each early death in a row, up to this (RestartMaxDelaySec). */
  maxDelayMs: number;
  /** A run at least this long was healthy: the next death starts from `delayMs` again. */
  stableMs: number;
  /** At most `burst` starts within `intervalMs` (StartLimitBurst, StartLimitIntervalSec). */
  burst: number;
  intervalMs: number;
}

/** `npm run cluster`'s policy, and the systemd units' (ops/systemd/). */
export const CLUSTER_RESTART_POLICY: RestartPolicy = {
  delayMs: 250,
  maxDelayMs: 10_000,
  stableMs: 10_000,
  burst: 10,
  intervalMs: 60_000,
};

export type RestartDecision =
  { restart: true; delayMs: number } | { restart: false; reason: string };

/** One run of a member: when it started and when it died. */
export interface Run {
  startedAt: number;
  diedAt: number;
}

/** What to do about a member whose runs so far (oldest first, the one that just ended last) were `runs`. */
export function restartDecision(policy: RestartPolicy, runs: readonly Run[]): RestartDecision {
  const last = runs.at(-1);
  if (!last) return { restart: true, delayMs: policy.delayMs };
  const recent = runs.filter((run) => last.diedAt - run.startedAt < policy.intervalMs).length;
  if (recent >= policy.burst)
    return {
      restart: false,
      reason: `started ${recent} times within ${policy.intervalMs / 1000} s (start limit)`,
    };
  // Early deaths in a row, newest first: runs that ended before they were stable.
  let early = 0;
  for (const run of [...runs].reverse()) {
    if (run.diedAt - run.startedAt >= policy.stableMs) break;
    early++;
  }
  const steps = Math.max(0, early - 1);
  return { restart: true, delayMs: Math.min(policy.maxDelayMs, policy.delayMs * 2 ** steps) };
}
