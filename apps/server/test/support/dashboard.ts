import fs from 'node:fs/promises';
import path from 'node:path';
import { familiesOf, samplesOf } from './prom-text.js';

const DASHBOARD = path.resolve(import.meta.dirname, '../../../../ops/grafana/exchange.json');

/** A PromQL query of the dashboard: a panel's target or a variable's. */
export interface DashboardQuery {
  where: string;
  expr: string;
}

interface Dashboard {
  templating: { list: { name: string; query?: string }[] };
  panels: { title: string; targets?: { expr: string }[] }[];
}

/** The dashboard's variables' queries and its panels' queries. */
export async function dashboardQueries(): Promise<{
  variables: DashboardQuery[];
  panels: DashboardQuery[];
}> {
  const dashboard = JSON.parse(await fs.readFile(DASHBOARD, 'utf8')) as Dashboard;
  return {
    variables: dashboard.templating.list
      .filter((v) => v.query?.startsWith('label_values('))
      .map((v) => ({ where: `variable ${v.name}`, expr: v.query! })),
    panels: dashboard.panels.flatMap((p) =>
      (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })),
    ),
  };
}

/** The metric families an expression names (a histogram's `_bucket` etc. as its family). */
export function metricsIn(expr: string): string[] {
  return [...new Set([...expr.matchAll(/\bexchange_[a-z0-9_]+/g)].map((m) => familyOf(m[0])))];
}

/** The labels an expression selects on or groups by (`{label=…}`, `by (…)`), less Prometheus's own. */
export function labelsIn(expr: string): string[] {
  const named = [
    ...[...expr.matchAll(/[{,]\s*([a-z_]+)\s*(?:=~|!=|!~|=)/g)].map((m) => m[1]!),
    ...[...expr.matchAll(/\bby \(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',')),
    ...[...expr.matchAll(/label_values\([^,]*,\s*([a-z_]+)\)/g)].map((m) => m[1]!),
  ].map((l) => l.trim());
  return [...new Set(named)].filter((l) => !['job', 'instance', 'le'].includes(l));
}

const familyOf = (name: string) => name.replace(/_(bucket|count|sum)$/, '');

/** What one role's scrape serves: its families, and the labels each family's samples carry. */
export interface RoleScrape {
  families: Set<string>;
  labels: Map<string, Set<string>>;
}

export function readScrape(text: string): RoleScrape {
  const families = familiesOf(text);
  const labels = new Map<string, Set<string>>();
  for (const sample of samplesOf(text)) {
    const family = families.has(sample.name) ? sample.name : familyOf(sample.name);
    const set = labels.get(family) ?? new Set<string>();
    for (const label of Object.keys(sample.labels)) if (label !== 'le') set.add(label);
    labels.set(family, set);
  }
  return { families, labels };
}
