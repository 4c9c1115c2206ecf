/**
 * npm run cluster [-- --gateways 3 --port 4500 --database exchange_cluster --tls]
 *
 * The exchange as a cluster on this machine (README, "Cluster"): two HAProxy instances (--port
 * and +12) in front of the gateways, an active and a standby core, three clustered NATS nodes (an
 * nkey per role; `--tls`: over TLS with a certificate made for it), on a PostgreSQL database
 * (created if it does not exist; DATABASE_URL names another). Every member is supervised: one
 * that dies is started again (a killed core as the standby), and the supervisor says so. Runs
 * until Ctrl-C, which stops every process.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { clusterToolsMissing, startCluster } from './cluster-launch.js';

const { values } = parseArgs({
  options: {
    gateways: { type: 'string', default: '3' },
    port: { type: 'string', default: '4500' },
    database: { type: 'string', default: 'exchange_cluster' },
    tls: { type: 'boolean', default: false },
  },
});
const missing = clusterToolsMissing();
if (missing) throw new Error(`${missing}: apt-get install haproxy nats-server`);
const server = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = process.env.DATABASE_URL ?? (await ensureDatabase(server, values.database));
const basePort = Number(values.port);
const cluster = await startCluster({
  basePort,
  databaseUrl,
  dataDir: path.resolve(process.env.DATA_DIR ?? 'data/cluster'),
  gateways: Number(values.gateways),
  entry: 'dist',
  output: 'inherit',
  tls: values.tls,
});
const statsFile = path.join(cluster.dataDir, 'secrets', 'haproxy-stats');
console.log(
  `\nThe cluster serves ${cluster.urls.join(' and ')} (HAProxy's statistics: http://127.0.0.1:${basePort + 16}/ and :${basePort + 20}/, user ops, the password in ${statsFile})` +
    `\n  gateways: ${cluster.gateways.map((g) => g.port).join(', ')}; cores: ${cluster.cores.map((c) => c.port).join(', ')} (the second stands by); NATS: ${cluster.natsUrl}` +
    `\n  broker credentials (an nkey per role) and the nodes' configurations in ${path.join(cluster.dataDir, 'nats')}` +
    `${cluster.natsCa ? `; its TLS certificate's CA: ${cluster.natsCa}` : ''}` +
    `\n  every member is supervised: kill one and it is started again (lines marked [supervisor])\n`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void cluster.stop().then(() => process.exit(0)));

async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: letters, digits and _ only');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
