import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPS_METRICS_PATH } from '../src/modules/ops/routes.js';

const run = promisify(execFile);
const PROMTOOL = '/usr/bin/promtool';
const source = path.resolve(import.meta.dirname, '../../../ops/prometheus');

const missing = await fs.access(PROMTOOL).then(
  () => null,
  () => `${PROMTOOL} is missing (Debian's package: apt-get install prometheus)`,
);
if (missing) console.warn(`Prometheus files not checked: ${missing}`);

/**
 * ops/prometheus as Prometheus reads it: the scrape configuration (a job per role, file-based
 * targets, the one metrics path) and the README's alerts as rules, each checked by promtool, and
 * the rules' own unit tests run.
 */
describe.skipIf(missing)('the Prometheus configuration and alert rules (ops/prometheus)', () => {
  let dir = '';
  const promtool = (...args: string[]) => run(PROMTOOL, args, { cwd: dir });

  beforeAll(async () => {
    // A copy with a stand-in for the operator token the configuration reads (DATA_DIR's copy).
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'prometheus-'));
    await fs.cp(source, dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'ops-token'), 'stand-in\n', { mode: 0o600 });
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('has a valid scrape configuration: one job per role at the one metrics path', async () => {
    const { stdout } = await promtool('check', 'config', 'prometheus.yml');
    expect(stdout).toContain('is valid prometheus config file syntax');
    const config = await fs.readFile(path.join(dir, 'prometheus.yml'), 'utf8');
    const jobs = [...config.matchAll(/job_name: (\S+)/g)].map((m) => m[1]);
    expect(jobs).toEqual([
      'exchange-gateway',
      'exchange-core',
      'exchange-single',
      'exchange-signer',
    ]);
    const paths = [...config.matchAll(/metrics_path: (\S+)/g)].map((m) => m[1]);
    // The signer is a service of its own, at its own /metrics.
    expect(paths).toEqual([...jobs.slice(0, -1).map(() => OPS_METRICS_PATH), '/metrics']);
  });

  it('has valid alerting rules, whose unit tests pass', async () => {
    const checked = await promtool('check', 'rules', 'alerts.yml');
    expect(checked.stdout).toMatch(/SUCCESS: \d+ rules found/);
    const tested = await promtool('test', 'rules', 'alerts.test.yml');
    expect(tested.stdout).toContain('SUCCESS');
  });
});
