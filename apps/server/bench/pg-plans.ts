/**
 * The hot-path statement's time and WAL by the table each part writes, from the plans
 * auto_explain logged (`EXPLAIN (ANALYZE, BUFFERS, WAL)` in JSON, PostgreSQL's jsonlog): each
 * node's own time and WAL (its figures less its children's) counts to the table its ModifyTable
 * writes; the after-row triggers (foreign keys) count to the table they fire on; the rest (the
 * unnests, the joins that find the rows to update, the final check) to "rest". Key '' holds the
 * sums and the plans read.
 */
import pg from 'pg';
import { LOCAL_PG } from './bench-server.js';

export interface TableShare {
  ms: number;
  walBytes: number;
  rows: number;
  triggerMs: number;
  statements: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Total Time': number;
  'Actual Loops': number;
  'Actual Rows': number;
  'WAL Bytes'?: number;
  Plans?: PlanNode[];
}
interface Explained {
  'Query Text': string;
  Plan: PlanNode;
  Triggers?: { Relation: string; Time: number; Calls: number }[];
}

function share(shares: Map<string, TableShare>, table: string): TableShare {
  let s = shares.get(table);
  if (!s) shares.set(table, (s = { ms: 0, walBytes: 0, rows: 0, triggerMs: 0, statements: 0 }));
  return s;
}

/** Adds a node's own figures (and its children's) to the tables they belong to. */
function walk(node: PlanNode, shares: Map<string, TableShare>) {
  const time = (n: PlanNode) => n['Actual Total Time'] * n['Actual Loops'];
  const children = node.Plans ?? [];
  // Likewise its time: a data-modifying CTE no one reads runs after the final select's node.
  const ownMs = Math.max(0, time(node) - children.reduce((n, c) => n + time(c), 0));
  // A node's WAL holds its children's but not always its CTEs' (those under the final select).
  const ownWal = Math.max(
    0,
    (node['WAL Bytes'] ?? 0) - children.reduce((n, c) => n + (c['WAL Bytes'] ?? 0), 0),
  );
  const table = node['Node Type'] === 'ModifyTable' ? node['Relation Name']! : 'rest';
  const s = share(shares, table);
  // A scan of a CTE runs the CTE's writes: they count to their table, not to the scan.
  if (node['Node Type'] !== 'CTE Scan') {
    s.ms += ownMs;
    s.walBytes += ownWal;
  }
  if (table !== 'rest') s.rows += children[0]?.['Actual Rows'] ?? 0;
  for (const child of children) walk(child, shares);
}

/**
 * The shares in the plans logged from byte `from` of log file `file` on, through the files the
 * server rotated to since (their names sort by time), read through the server.
 */
export async function planShares(file: string, from: number): Promise<Map<string, TableShare>> {
  const client = new pg.Client({ connectionString: LOCAL_PG });
  await client.connect();
  const text = await client
    .query<{ t: string }>(
      `select string_agg(pg_read_file(d || '/' || name, case when d || '/' || name = $1 then $2 else 0 end, 1000000000), '' order by name) as t
       from pg_ls_logdir(), current_setting('log_directory') as d
       where name like '%.json' and d || '/' || name >= $1`,
      [file, from],
    )
    .then((r) => r.rows[0]!.t ?? '')
    .finally(() => client.end());
  const shares = new Map<string, TableShare>();
  for (const line of text.split('\n')) {
    if (!line.includes('accounts_created')) continue;
    const message = (JSON.parse(line) as { message: string }).message;
    const plan = JSON.parse(message.slice(message.indexOf('{'))) as Explained;
    if (!plan['Query Text'].includes('accounts_created')) continue;
    walk(plan.Plan, shares);
    for (const t of plan.Triggers ?? []) {
      share(shares, t.Relation).triggerMs += t.Time;
      share(shares, t.Relation).ms += t.Time;
    }
    share(shares, '').statements++;
  }
  const all = share(shares, '');
  for (const [table, s] of shares)
    if (table !== '') {
      all.ms += s.ms;
      all.walBytes += s.walBytes;
      all.rows += s.rows;
      all.triggerMs += s.triggerMs;
    }
  return shares;
}
