import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../scripts/cluster-supervisor.js';
import { untilReady, waitFor } from '../scripts/cluster-wait.js';

/**
 * `npm run cluster`'s supervisor over real processes (a Node one-liner stands in for a member):
 * a killed member is started again and reported back, a crash loop stops at the start limit.
 */
const policy = { delayMs: 20, maxDelayMs: 200, stableMs: 5000, burst: 3, intervalMs: 60_000 };
const node = (code: string) => () =>
  spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });

describe("the cluster's supervisor", () => {
  let supervisor: Supervisor;
  const lines: string[] = [];
  afterEach(async () => {
    await supervisor?.stop();
    lines.length = 0;
  });

  it('starts a killed member again, says when it died and when it is back', async () => {
    supervisor = new Supervisor(policy, (line) => lines.push(line));
    const member = supervisor.add({
      name: 'worker',
      // Says it is ready, then runs until killed.
      spawn: node("console.log('ready'); setInterval(() => {}, 1000)"),
      ready: (child, m) => untilReady(child, async () => m.output.includes('ready')),
      output: new PassThrough().resume(),
    });
    await member.backAfter(0, 20_000);
    const first = member.process.pid;
    const killedAt = Date.now();
    member.process.kill('SIGKILL');
    const back = await member.backAfter(killedAt, 20_000);
    expect(back).toBeGreaterThanOrEqual(killedAt + policy.delayMs);
    expect(member.process.pid).not.toBe(first);
    expect(member.runs).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^worker died \(SIGKILL, pid \d+\) after [\d.]+ s; starting it again in 20 ms$/,
    );
    expect(lines[1]).toMatch(/^worker is back \(pid \d+\), \d+ ms after it died$/);
  }, 30_000);

  it('gives up on a member that keeps dying at the start limit, with a growing delay', async () => {
    supervisor = new Supervisor(policy, (line) => lines.push(line));
    const member = supervisor.add({
      name: 'broken',
      spawn: node('process.exit(3)'),
      ready: () => new Promise(() => {}),
      output: new PassThrough().resume(),
    });
    await waitFor(
      async () => lines.some((l) => l.includes('not started again')) || null,
      20_000,
      'no give-up',
    );
    expect(member.runs).toHaveLength(3);
    expect(lines).toEqual([
      expect.stringMatching(
        /^broken died \(exit code 3, pid \d+\) after [\d.]+ s; starting it again in 20 ms$/,
      ),
      expect.stringMatching(/starting it again in 40 ms$/),
      expect.stringMatching(
        /^broken died \(exit code 3\) after [\d.]+ s; not started again: started 3 times within 60 s \(start limit\)$/,
      ),
    ]);
  }, 30_000);
});
