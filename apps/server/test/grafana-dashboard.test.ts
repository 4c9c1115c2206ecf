import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Metrics } from '../src/lib/metrics.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** The metric names a file's text names: `exchange_…`, less a histogram's series suffix. */
const namesIn = (text: string) =>
  new Set(
    [...text.matchAll(/\bexchange_[a-z0-9_]+/g)].map((m) =>
      m[0].replace(/_(bucket|count|sum)$/, ''),
    ),
  );

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

describe('the Grafana dashboard (ops/grafana/exchange.json)', () => {
  it('asks only for metrics some process serves', async () => {
    const dashboard = await fs.readFile(path.join(root, 'ops/grafana/exchange.json'), 'utf8');
    const served = new Set([...namesIn(await new Metrics().render()), ...(await gaugesInSource())]);
    const asked = [...namesIn(dashboard)];
    expect(asked.length).toBeGreaterThan(10);
    expect(asked.filter((name) => !served.has(name))).toEqual([]);
  });
});
