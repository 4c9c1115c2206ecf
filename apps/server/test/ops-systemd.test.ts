import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLUSTER_RESTART_POLICY } from '../src/cluster/restart-policy.js';

/**
 * ops/systemd/: production's units keep the members alive as `npm run cluster`'s supervisor
 * does, with the same figures (restart-policy.ts), and systemd reads them without an error.
 */
const dir = path.resolve(import.meta.dirname, '../../../ops/systemd');
const units = readdirSync(dir).filter((f) => f.endsWith('.service'));
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** The value of `key` in a unit's text (the last, as systemd reads it). */
const valueOf = (text: string, key: string) =>
  [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].at(-1)?.[1];

describe('the production units (ops/systemd)', () => {
  it('has one for the cores, the gateways, NATS and HAProxy', () => {
    expect(units.sort()).toEqual([
      'exchange-core@.service',
      'exchange-gateway@.service',
      'exchange-haproxy.service',
      'exchange-nats.service',
    ]);
  });

  it.each(units)('%s restarts always, with the supervisor’s delay and start limit', (unit) => {
    const text = readFileSync(path.join(dir, unit), 'utf8');
    const policy = CLUSTER_RESTART_POLICY;
    expect(valueOf(text, 'Restart')).toBe('always');
    expect(valueOf(text, 'RestartSec')).toBe(`${policy.delayMs}ms`);
    expect(valueOf(text, 'RestartMaxDelaySec')).toBe(`${policy.maxDelayMs / 1000}s`);
    expect(valueOf(text, 'RestartSteps')).toBe(
      String(Math.round(Math.log2(policy.maxDelayMs / policy.delayMs))),
    );
    expect(valueOf(text, 'StartLimitBurst')).toBe(String(policy.burst));
    expect(valueOf(text, 'StartLimitIntervalSec')).toBe(String(policy.intervalMs / 1000));
    // Ordering only: a broker restart must not stop the members (Requires= would).
    expect(text).not.toMatch(/^(Requires|BindsTo)=/m);
  });

  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('passes systemd-analyze verify', () => {
    const run = spawnSync(SYSTEMD_ANALYZE, ['verify', '--man=no', ...units], {
      cwd: dir,
      encoding: 'utf8',
    });
    const output = `${run.stdout}${run.stderr}`;
    // systemd before 254 does not know the growing delay's two keys, and says so.
    const problems = output
      .split('\n')
      .filter(
        (line) => line.trim() && !/Unknown key '(RestartSteps|RestartMaxDelaySec)'/.test(line),
      );
    expect(problems).toEqual([]);
  });
});
