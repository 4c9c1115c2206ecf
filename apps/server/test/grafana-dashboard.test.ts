import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Metrics, type MetricsRole } from '../src/lib/metrics.js';
import { dashboardQueries, metricsIn } from './support/dashboard.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ROLES: MetricsRole[] = ['single', 'core', 'standby', 'gateway'];

/** The gauges the processes add to their metrics (`metrics.gauge('name', …)`), by source. */
async function gaugesInSource(): Promise<Set<string>> {
  const names = new Set<string>();
  const files = await fs.readdir(path.join(root, 'apps/server/src'), { recursive: true });
  for (const file of files.filter((f) => f.endsWith('.ts'))) {
    const text = await fs.readFile(path.join(root, 'apps/server/src', file), 'utf8');
    for (const m of text.matchAll(/\.gauge\(\s*'(exchange_[a-z0-9_]+)'/g)) names.add(m[1]!);
  }
  return names;
}

/**
 * Without any service: the dashboard names only metrics the code declares, and its selectors a
 * metric every role's registry has. `metrics-roles.test.ts` checks it against real scrapes of
 * each role (PostgreSQL and NATS).
 */
describe('the Grafana dashboard (ops/grafana/exchange.json)', () => {
  it('asks only for metrics some process serves, its selectors for one every role serves', async () => {
    const byRole = await Promise.all(
      ROLES.map(async (role) => {
        const metrics = new Metrics(role);
        metrics.databasePools(() => []);
        return new Set(metricsIn(await metrics.render()));
      }),
    );
    const served = new Set([...byRole.flatMap((names) => [...names]), ...(await gaugesInSource())]);
    const { variables, panels } = await dashboardQueries();
    const asked = [...new Set([...variables, ...panels].flatMap((q) => metricsIn(q.expr)))];
    expect(asked.length).toBeGreaterThan(15);
    expect(asked.filter((name) => !served.has(name))).toEqual([]);
    for (const selector of variables.flatMap((q) => metricsIn(q.expr)))
      for (const [i, names] of byRole.entries()) expect(names.has(selector), ROLES[i]).toBe(true);
  });
});
