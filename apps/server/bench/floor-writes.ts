/**
 * npm run bench:floor-writes [-- --json] [--batches 300] [--batch 50] [--rounds 3] [--drop idx,idx]
 *
 * What PostgreSQL spends on an order's rows, without HTTP or a server: the order-shaped floor's
 * statement (floor-orders.ts) run `--batches` times, batches of `--batch` calls, one after
 * another on one connection to a fresh market's database, and the CPU its backend spent (from
 * /proc) per call. A backend's CPU time barely moves with the machine's load, unlike the wall
 * clock. Variants, alternating each round: the statement as the hot path writes it; with its
 * arrays unnested in the from list (as before issue 53); and without the rows a cut would spare
 * (balance rows, order updates, ledger transaction rows). `--drop` then drops those indexes and
 * measures the statement again: what dropping them would save.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { prepareMarket } from './bench-server.js';
import { processSeconds } from './cpu-usage.js';
import { orderShapedWriter, type ORDER_SHAPE, type Unnest } from './floor-orders.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    batches: { type: 'string', default: '300' },
    batch: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '3' },
    drop: { type: 'string', default: '' },
  },
});
const BATCHES = Number(values.batches);
const BATCH = Number(values.batch);

interface Variant {
  name: string;
  shape?: Partial<typeof ORDER_SHAPE>;
  unnest?: Unnest;
}

const VARIANTS: Variant[] = [
  { name: 'as the hot path writes' },
  { name: 'arrays unnested in the from list', unnest: 'from' },
  { name: 'without balance rows', shape: { accountsUpdated: 0 } },
  { name: 'without order updates', shape: { ordersChanged: 0 } },
  { name: 'without ledger transaction rows', shape: { ledgerTransactions: 0 } },
];

/** Microseconds of backend CPU per call of one variant. */
async function measureVariant(url: string, variant: Variant, dropIndexes: string[] = []) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const write = await orderShapedWriter(pool, { ...variant, dropIndexes });
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    const pid = rows[0]!.pid;
    for (let i = 0; i < 30; i++) await write(BATCH);
    const before = processSeconds(pid);
    for (let i = 0; i < BATCHES; i++) await write(BATCH);
    return ((processSeconds(pid) - before) * 1e6) / (BATCHES * BATCH);
  } finally {
    await pool.end();
  }
}

const market = await prepareMarket(64);
const url = market.env.DATABASE_URL!;
const results = new Map<string, number[]>();
const record = (name: string, micros: number) => {
  results.set(name, [...(results.get(name) ?? []), micros]);
  console.log(`${name}: ${micros.toFixed(1)} µs of PostgreSQL CPU per call`);
};
try {
  // Untimed: a fresh database's first batches extend its tables and fill its caches.
  await measureVariant(url, VARIANTS[0]!);
  for (let round = 0; round < Number(values.rounds); round++) {
    console.log(`round ${round + 1} (${BATCHES} batches of ${BATCH} calls each)`);
    const order = round % 2 ? [...VARIANTS].reverse() : VARIANTS;
    for (const variant of order) record(variant.name, await measureVariant(url, variant));
  }
  const drop = values.drop.split(',').filter(Boolean);
  if (drop.length > 0) {
    const name = `without ${drop.join(', ')}`;
    await measureVariant(url, VARIANTS[0]!, drop);
    for (let round = 0; round < Number(values.rounds); round++)
      record(name, await measureVariant(url, VARIANTS[0]!));
  }
  console.log('\nmeans:');
  for (const [name, runs] of results)
    console.log(
      `  ${name}: ${(runs.reduce((a, b) => a + b, 0) / runs.length).toFixed(1)} µs per call (${runs.map((r) => r.toFixed(1)).join(', ')})`,
    );
  if (values.json) console.log(JSON.stringify(Object.fromEntries(results)));
} finally {
  await market.dispose();
}
