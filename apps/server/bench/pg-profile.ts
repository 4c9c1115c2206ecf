/**
 * BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:pg-profile
 *   [-- --json] [--clients N] [--seconds N] [--warmup N] [--users N] [--sample 0.3]
 *   [--compare DIR --rounds N]
 *
 * Where PostgreSQL's time goes per table while bench:trading's workload runs: the server on a
 * fresh database of an instance of one's own (never the shared one: it needs
 * `shared_preload_libraries=pg_stat_statements`, `logging_collector=on` and
 * `log_destination=jsonlog`; docs/performance.md starts one), auto_explain on that database
 * logging `EXPLAIN (ANALYZE, BUFFERS, WAL)` of a `--sample` of the statements. Over the measured
 * part it prints, per order call: each statement's execution time, rows and WAL bytes
 * (pg_stat_statements), each table's rows inserted and updated (pg_stat_user_tables), and the
 * hot-path statement's time and WAL split by the table each of its parts writes (pg-plans.ts).
 * `--compare DIR` runs another checkout's server (DIR: its root, with node_modules) too, the two
 * alternating `--rounds` times, then both sides' mean CPU per call (`--sample 0` leaves the plans
 * out: auto_explain's timing adds to PostgreSQL's CPU).
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { LOCAL_PG, prepareMarket, startServer } from './bench-server.js';
import { describe, measure } from './order-figures.js';
import { RUN_OPTIONS, runHttp, runOf } from './order-workload.js';
import { planShares, type TableShare } from './pg-plans.js';

const { values } = parseArgs({
  options: {
    ...RUN_OPTIONS,
    sample: { type: 'string', default: '0.3' },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});

if (!process.env.BENCH_POSTGRES_URL)
  throw new Error('bench:pg-profile needs BENCH_POSTGRES_URL: an instance of its own');

interface TableRow {
  relname: string;
  ins: string;
  upd: string;
  hot: string;
}

interface Statement {
  query: string;
  calls: string;
  exec: number;
  rows: string;
  wal: string;
}

const explain = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_wal': 'on',
  'auto_explain.log_triggers': 'on',
  'auto_explain.log_format': 'json',
  'auto_explain.sample_rate': values.sample,
};

const admin = new pg.Client({ connectionString: LOCAL_PG });
await admin.connect();
const logFile = async () =>
  (await admin.query<{ f: string }>(`select pg_current_logfile('jsonlog') as f`)).rows[0]!.f;
const logSize = async (file: string) =>
  Number(
    (await admin.query<{ s: string }>(`select (pg_stat_file($1)).size as s`, [file])).rows[0]!.s,
  );

/** One profiled run of the server of `root` (this checkout's when unset); its figures. */
async function profile(label: string, root?: string) {
  const market = await prepareMarket(Number(values.users));
  const databaseUrl = market.env.DATABASE_URL!;
  const name = new URL(databaseUrl).pathname.slice(1);
  if (Number(values.sample) > 0)
    for (const [setting, value] of Object.entries(explain))
      await admin.query(`alter database ${name} set ${setting} = '${value}'`);
  const server = await startServer(market, root);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const tableRows = async () =>
    (
      await db.query<TableRow>(
        `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot
         from pg_stat_user_tables`,
      )
    ).rows;
  let before: TableRow[] = [];
  let log = { file: '', from: 0 };
  try {
    const run = runOf(values);
    const { result, figures } = await measure(server.pid, run, (full) =>
      runHttp(market, {
        ...full,
        measuring: () => {
          full.measuring();
          void (async () => {
            await admin.query('select pg_stat_statements_reset()');
            before = await tableRows();
            const file = await logFile();
            log = { file, from: await logSize(file) };
          })();
        },
      }),
    );
    console.log(describe(label, result, figures, run.clients, run.warmup));
    const calls = result.latencies.length;
    // Statistics reach the views when a backend reports them (at most a second later).
    await new Promise((r) => setTimeout(r, 1500));
    const statements = (
      await admin.query<Statement>(
        `select query, calls, total_exec_time as exec, rows, wal_bytes as wal
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
         where d.datname = $1 order by total_exec_time desc limit 8`,
        [name],
      )
    ).rows;
    printStatements(statements, calls);
    await db.query('select pg_stat_clear_snapshot()');
    const after = await tableRows();
    const hot = statements.find((s) => s.query.includes('accounts_created'));
    const shares = log.file ? await planShares(log.file, log.from) : new Map<string, TableShare>();
    const hotPerCall = {
      micros: hot ? (Number(hot.exec) * 1000) / calls : 0,
      walBytes: hot ? Number(hot.wal) / calls : 0,
    };
    printTables(before, after, calls, hotPerCall, shares);
    return { label, figures, hot: hotPerCall, statements, shares: Object.fromEntries(shares) };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await db.end();
    await market.dispose();
  }
}

function printStatements(statements: Statement[], calls: number) {
  const per = (n: number | string) => (Number(n) / calls).toFixed(2);
  console.log(`statements (pg_stat_statements), per order call of ${calls}:`);
  for (const s of statements)
    console.log(
      `  ${((Number(s.exec) * 1000) / calls).toFixed(1).padStart(6)} µs  ${per(s.wal).padStart(7)} WAL bytes  ${per(s.rows).padStart(5)} rows  ${per(s.calls)} calls  ${s.query.replace(/\s+/g, ' ').slice(0, 70)}`,
    );
}

type Profiled = Awaited<ReturnType<typeof profile>>;

/** Each side's mean over its runs: CPU per call by process and the hot path's time. */
function summarise(runs: Profiled[]) {
  const sides = new Map<string, Profiled[]>();
  for (const r of runs) sides.set(r.label, [...(sides.get(r.label) ?? []), r]);
  for (const [label, rs] of sides) {
    const mean = (f: (r: Profiled) => number) => rs.reduce((n, r) => n + f(r), 0) / rs.length;
    const cpu = (k: 'server' | 'database' | 'generator') =>
      mean((r) => r.figures.cpuMicrosPerRequest[k]).toFixed(0);
    console.log(
      `${label}, mean of ${rs.length}: CPU per call server ${cpu('server')} µs, PostgreSQL ${cpu('database')} µs, ` +
        `load generator ${cpu('generator')} µs; hot-path statement ${mean((r) => r.hot.micros).toFixed(1)} µs and ` +
        `${mean((r) => r.hot.walBytes).toFixed(0)} WAL bytes per call; p99 ${rs.map((r) => r.figures.p99ms).join(', ')} ms`,
    );
  }
}

try {
  const runs: Profiled[] = [];
  for (let round = 0; round < Number(values.rounds); round++) {
    // Alternating which goes first: the machine's load moves.
    const order = round % 2 ? [values.compare, undefined] : [undefined, values.compare];
    for (const root of values.compare ? order : [undefined]) {
      console.log(`\n== ${root ? `compared: ${root}` : 'this checkout'} (round ${round + 1})`);
      runs.push(await profile(root ? 'compared' : 'this checkout', root));
    }
  }
  console.log('');
  summarise(runs);
  if (values.json) console.log(JSON.stringify(runs));
} finally {
  await admin.end();
}

function printTables(
  before: TableRow[],
  after: TableRow[],
  calls: number,
  hot: { micros: number; walBytes: number },
  shares: Map<string, TableShare>,
) {
  const old = new Map(before.map((r) => [r.relname, r]));
  const all = shares.get('') ?? { ms: 0, walBytes: 0, rows: 0, triggerMs: 0, statements: 0 };
  console.log(
    `tables, per order call (rows from pg_stat_user_tables; time and WAL as their share in ${all.statements} ` +
      `hot-path plans of the hot path's ${hot.micros.toFixed(1)} µs and ${hot.walBytes.toFixed(0)} WAL bytes; ` +
      `"rest" is the statement's own: the unnests, the joins that find the rows updated, the final check):`,
  );
  const names = new Set([...shares.keys()].filter((k) => k !== ''));
  for (const r of after) {
    const o = old.get(r.relname);
    if (Number(r.ins) + Number(r.upd) - Number(o?.ins ?? 0) - Number(o?.upd ?? 0) > 0)
      names.add(r.relname);
  }
  for (const table of names) {
    const r = after.find((a) => a.relname === table);
    const o = old.get(table);
    const d = (k: 'ins' | 'upd' | 'hot') => (Number(r?.[k] ?? 0) - Number(o?.[k] ?? 0)) / calls;
    const s = shares.get(table);
    const micros = s && all.ms ? (hot.micros * s.ms) / all.ms : 0;
    const wal = s && all.walBytes ? (hot.walBytes * s.walBytes) / all.walBytes : 0;
    const triggers = s && all.ms ? (hot.micros * s.triggerMs) / all.ms : 0;
    console.log(
      `  ${table.padEnd(20)} ${d('ins').toFixed(2)} inserted, ${d('upd').toFixed(2)} updated (${d('hot').toFixed(2)} HOT); ` +
        `${micros.toFixed(1).padStart(5)} µs (triggers ${triggers.toFixed(1)}), ${wal.toFixed(0).padStart(5)} WAL bytes`,
    );
  }
}
