/**
 * npm run crash:orders [-- --rounds 10 --clients 32 --json]
 *
 * Kills the server with SIGKILL while clients place and cancel orders, restarts it on the same
 * PostgreSQL database, and checks that every order the server acknowledged is in the database
 * with its acknowledged state or a later one, and that the ledger audit passes: a crash loses
 * nothing that was acknowledged. Repeated `--rounds` times in a row on one database.
 */
import { parseArgs } from 'node:util';
import { auditLedger } from '../src/modules/audit/service.js';
import { countLost, limitOrderBody, type Acknowledged } from './crash-orders.js';
import { HttpConnection } from './http-client.js';
import { prepareMarket, startServer, type BenchMarket } from './bench-server.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '10' },
    clients: { type: 'string', default: '32' },
    json: { type: 'boolean', default: false },
  },
});
const ROUNDS = Number(values.rounds);
const CLIENTS = Number(values.clients);

/** Each client places a limit order around 30,000 and now and then cancels one, until stopped. */
async function load(market: BenchMarket, stop: { now: boolean }): Promise<Acknowledged[]> {
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

async function main(): Promise<void> {
  const market = await prepareMarket(CLIENTS);
  const rounds: { acknowledged: number; lost: number; auditOk: boolean; killedAfterMs: number }[] =
    [];
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const server = await startServer(market);
      const stop = { now: false };
      const running = load(market, stop);
      const killedAfterMs = 1000 + Math.floor(Math.random() * 2000);
      await new Promise((r) => setTimeout(r, killedAfterMs));
      server.kill('SIGKILL');
      await new Promise((r) => server.once('exit', r));
      stop.now = true;
      const acknowledged = await running;
      const lost = await countLost(market.database.db, acknowledged);
      const audit = await auditLedger(market.database.db);
      rounds.push({ acknowledged: acknowledged.length, lost, auditOk: audit.ok, killedAfterMs });
      if (!values.json)
        console.log(
          `round ${round}: killed after ${killedAfterMs} ms, ${acknowledged.length} acknowledged, ` +
            `${lost} lost, audit ${audit.ok ? 'passed' : `FAILED: ${audit.violations.join('; ')}`}`,
        );
    }
  } finally {
    await market.dispose();
  }
  const pass = rounds.every((r) => r.lost === 0 && r.auditOk);
  if (values.json) console.log(JSON.stringify({ rounds, pass }));
  else console.log(pass ? 'every round: nothing acknowledged was lost' : 'FAILED');
  process.exitCode = pass ? 0 : 1;
}

await main();
