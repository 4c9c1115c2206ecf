/**
 * npm run crash:orders [-- --rounds 10 --clients 32 --database both --json]
 *
 * Kills the server with SIGKILL while clients place and cancel orders, starts it again on the
 * same database, and checks that every order the server acknowledged is in the database with its
 * acknowledged state or a later one, and that the ledger audit passes: a crash loses nothing that
 * was acknowledged. Repeated `--rounds` times in a row on one database, on PostgreSQL (a fresh
 * database, or DATABASE_URL) and on the embedded PGlite (`--database postgres|pglite|both`).
 * Each restart is timed: from the start to ready, and to the first acknowledged order.
 */
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../src/db/connect.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { countLost, limitOrderBody, type Acknowledged } from './crash-orders.js';
import { HttpConnection } from './http-client.js';
import {
  prepareEmbeddedMarket,
  prepareMarket,
  startServer,
  type BenchMarket,
} from './bench-server.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    database: { type: 'string', default: 'both' },
    json: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const CLIENTS = Number(values.clients);

type Market = Pick<BenchMarket, 'url' | 'env' | 'users'>;

/**
 * Each client places a limit order around 30,000 and now and then cancels one, until stopped;
 * `firstAck` is set when the first order is acknowledged.
 */
async function load(
  market: Market,
  stop: { now: boolean; firstAck?: number },
): Promise<Acknowledged[]> {
  const acknowledged: Acknowledged[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const user = market.users[i % market.users.length] as { token: string };
      const connection = await HttpConnection.open(market.url).catch(() => null);
      if (!connection) return;
      const headers = {
        authorization: `Bearer ${user.token}`,
        'content-type': 'application/json',
      };
      const open: string[] = [];
      try {
        for (let n = 0; !stop.now; n++) {
          const cancel = n % 5 === 4 && open.length > 0;
          const res = cancel
            ? await connection.request(
                'PATCH',
                `/api/v1/orders/spot/${open.shift()}`,
                headers,
                '{"status":"cancelled"}',
              )
            : await connection.request(
                'POST',
                '/api/v1/orders/spot',
                headers,
                limitOrderBody(n, i),
              );
          if (res.status !== 200) continue;
          const data = (JSON.parse(res.body) as { data: { _id: string; status: string } }).data;
          acknowledged.push({ id: String(data._id), status: data.status });
          stop.firstAck ??= Date.now();
          if (!cancel && data.status === 'open') open.push(String(data._id));
        }
      } catch {
        // The server died mid-request: that answer was never acknowledged.
      } finally {
        connection.close();
      }
    }),
  );
  return acknowledged;
}

interface Round {
  acknowledged: number;
  lost: number;
  auditOk: boolean;
  killedAfterMs: number;
  /** The server's start until it answered its health check, and until the first acknowledgement. */
  readyMs: number;
  firstAckMs: number;
}

/**
 * `--rounds` kills on one database: start the server, load it, kill it, then check what it had
 * acknowledged (`open` gives the database to the bench while no server runs) before the next start.
 */
async function crashRounds(
  kind: string,
  market: Market,
  open: () => Promise<{ handle: DatabaseHandle; close(): Promise<void> }>,
): Promise<Round[]> {
  const rounds: Round[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const startedAt = Date.now();
    const server = await startServer(market);
    const readyMs = Date.now() - startedAt;
    const stop: { now: boolean; firstAck?: number } = { now: false };
    const running = load(market, stop);
    const killedAfterMs = 1000 + Math.floor(Math.random() * 2000);
    await new Promise((r) => setTimeout(r, killedAfterMs));
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    stop.now = true;
    const acknowledged = await running;
    const database = await open();
    const lost = await countLost(database.handle.db, acknowledged);
    const audit = await auditLedger(database.handle.db);
    await database.close();
    const firstAckMs = (stop.firstAck ?? NaN) - startedAt;
    rounds.push({
      acknowledged: acknowledged.length,
      lost,
      auditOk: audit.ok,
      killedAfterMs,
      readyMs,
      firstAckMs,
    });
    if (!values.json)
      console.log(
        `${kind} round ${round}: started, ready in ${readyMs} ms, first order acknowledged ${firstAckMs} ms after the start; ` +
          `killed ${killedAfterMs} ms later, ${acknowledged.length} acknowledged, ${lost} lost, ` +
          `audit ${audit.ok ? 'passed' : `FAILED: ${audit.violations.join('; ')}`}`,
      );
  }
  return rounds;
}

async function main(): Promise<void> {
  const kinds = values.database === 'both' ? ['postgres', 'pglite'] : [values.database];
  const results: Record<string, Round[]> = {};
  for (const kind of kinds) {
    if (kind === 'postgres') {
      const market = await prepareMarket(CLIENTS);
      try {
        const handle = market.database;
        results[kind] = await crashRounds(kind, market, async () => ({
          handle,
          close: async () => {},
        }));
      } finally {
        await market.dispose();
      }
    } else if (kind === 'pglite') {
      const market = await prepareEmbeddedMarket(CLIENTS);
      try {
        results[kind] = await crashRounds(kind, market, async () => {
          const handle = market.openDatabase();
          return { handle, close: () => handle.close() };
        });
      } finally {
        await market.dispose();
      }
    } else throw new Error('--database: postgres, pglite or both');
  }
  const rounds = Object.values(results).flat();
  const pass = rounds.every((r) => r.lost === 0 && r.auditOk);
  const spread = (rs: Round[], pick: (r: Round) => number) =>
    `${Math.min(...rs.map(pick))}-${Math.max(...rs.map(pick))} ms`;
  if (values.json) console.log(JSON.stringify({ results, pass }));
  else {
    for (const [kind, rs] of Object.entries(results))
      console.log(
        `${kind}: restart to ready ${spread(rs, (r) => r.readyMs)}, to the first acknowledged order ${spread(rs, (r) => r.firstAckMs)}`,
      );
    console.log(pass ? 'every round: nothing acknowledged was lost' : 'FAILED');
  }
  process.exitCode = pass ? 0 : 1;
}

await main();
