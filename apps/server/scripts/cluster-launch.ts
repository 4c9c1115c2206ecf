/**
 * Starts a cluster on this machine (docs/architecture.md, "Roles"), every member supervised
 * (cluster-supervisor.ts: a member that dies is started again, a killed core comes back as the
 * standby): three clustered NATS nodes (cluster-broker.ts), an active and a standby core
 * (ROLE=core) on one PostgreSQL database, gateways (ROLE=gateway) and two HAProxy instances in
 * front of them (cluster-haproxy.ts), health-checking each gateway's /api/v1/health/ready.
 * `npm run cluster` runs it for people; the failover tests and `npm run crash:cluster` drive it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { BusRole } from '../src/cluster/broker-config.js';
import type { BusSettings } from '../src/cluster/bus.js';
import { CLUSTER_RESTART_POLICY, type RestartPolicy } from '../src/cluster/restart-policy.js';
import { SERVER_NODE_FLAGS } from '../src/config/node-flags.js';
import { loadOrCreateSecret } from '../src/lib/secrets.js';
import { NATS_SERVER, prepareBroker } from './cluster-broker.js';
import {
  allInRotation,
  type Balancer,
  balancerPorts,
  HAPROXY,
  haproxyConfig,
} from './cluster-haproxy.js';
import { type MemberSpec, type Supervised, Supervisor } from './cluster-supervisor.js';
import { answersOk, tcpOpen, untilReady, waitFor } from './cluster-wait.js';

export { NATS_SERVER } from './cluster-broker.js';
export { HAPROXY } from './cluster-haproxy.js';
export { waitFor } from './cluster-wait.js';

export interface ClusterOptions {
  /**
   * HAProxy listens here and on +12; gateways on +1 to +9, cores on +10 and +11, NATS on +13 to
   * +15 (its routes +17 to +19), HAProxy's statistics on +16 and +20.
   */
  basePort: number;
  databaseUrl: string;
  /** Shared by every process (secrets, the ops token) and holding the cluster's files. */
  dataDir: string;
  gateways: number;
  /** Extra environment for the cores and gateways. */
  env?: Record<string, string>;
  /** `source`: TypeScript through tsx (tests); `dist`: the build (`npm run cluster`). */
  entry: 'source' | 'dist';
  /** Where the processes' output goes: inherited (a person watching) or a file per process. */
  output: 'inherit' | 'files';
  /**
   * The broker over TLS, with a certificate for 127.0.0.1 signed by a CA made for the cluster
   * (in DATA_DIR/nats), as between hosts; the members verify it with NATS_TLS_CA.
   */
  tls?: boolean;
  /** When a dead member is started again (default: `CLUSTER_RESTART_POLICY`). */
  restartPolicy?: RestartPolicy;
}

export type Member = Supervised & { role: 'core' | 'gateway' | 'nats' | 'haproxy'; port: number };

export interface Cluster {
  /** The first HAProxy's URL; `urls` has both. */
  url: string;
  urls: string[];
  /** The cluster's DATA_DIR (secrets, the broker's keys and configuration, logs). */
  dataDir: string;
  /** Every NATS node's URL, comma-separated. */
  natsUrl: string;
  /** The CA that signed the broker's certificate (with `tls`), else null. */
  natsCa: string | null;
  /** How a role's members reach the broker: its URLs, nkey seed file and TLS. */
  bus(role: BusRole): BusSettings;
  cores: Member[];
  gateways: Member[];
  natsNodes: Member[];
  balancers: Member[];
  /** Every member, in the order they were started. */
  members(): Member[];
  /** Resolves once `member`'s current process (a core) waits for the writer lock. */
  standingBy(member: Member): Promise<void>;
  /** The JSON log lines the member's current process wrote. */
  logOf(member: Member): Promise<Record<string, unknown>[]>;
  /** The core that answers its health check, if any. */
  activeCore(): Promise<Member | null>;
  /** Resolves once both HAProxy instances send calls to every gateway (each ready, checked up). */
  allGatewaysInRotation(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_ENTRY = path.join(root, 'src/server.ts');
const DIST_ENTRY = path.join(root, 'dist/server.js');
const STANDBY_MARKER = 'waiting as a standby';

/** Whether this machine has what a cluster needs (the tests skip without it). */
export function clusterToolsMissing(): string | null {
  for (const tool of [HAPROXY, NATS_SERVER]) {
    try {
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
    } catch {
      return `${tool} is not installed`;
    }
  }
  return null;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (options.gateways < 1 || options.gateways > 9) throw new Error('1 to 9 gateways');
  await fs.mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const supervisorLog =
    options.output === 'inherit'
      ? (line: string) => console.log(`[supervisor ${new Date().toISOString()}] ${line}`)
      : fileLogger(path.join(options.dataDir, 'supervisor.log'));
  const supervisor = new Supervisor(options.restartPolicy ?? CLUSTER_RESTART_POLICY, supervisorLog);
  try {
    return await launchCluster(options, supervisor);
  } catch (err) {
    await supervisor.stop();
    throw err;
  }
}

function fileLogger(file: string): (line: string) => void {
  const stream = createWriteStream(file, { flags: 'a' });
  return (line) => stream.write(`${new Date().toISOString()} ${line}\n`);
}

async function launchCluster(options: ClusterOptions, supervisor: Supervisor): Promise<Cluster> {
  const { basePort, dataDir } = options;
  const sinks = new Map<string, Writable>();
  const out = (name: string): Writable => {
    if (options.output === 'inherit') return process.stdout;
    let sink = sinks.get(name);
    if (!sink)
      sinks.set(
        name,
        (sink = createWriteStream(path.join(dataDir, `${name}.log`), { flags: 'a' })),
      );
    return sink;
  };
  const add = (
    name: string,
    role: Member['role'],
    port: number,
    start: () => ChildProcess,
    ready: MemberSpec['ready'],
  ): Member =>
    Object.assign(supervisor.add({ name, spawn: start, ready, output: out(name) }), { role, port });
  const piped = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
    spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(env && { env }) });

  const broker = await prepareBroker(dataDir, basePort, options.tls ?? false);
  const natsNodes = broker.nodes.map((node) =>
    add(
      node.name,
      'nats',
      node.clientPort,
      () => piped(NATS_SERVER, ['-c', node.configFile]),
      (child) => untilReady(child, () => tcpOpen(node.clientPort)),
    ),
  );
  await waitFor(
    async () => natsNodes.every((n) => n.readyAt !== null) || null,
    10_000,
    'NATS did not start',
  );

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    NATS_URL: broker.natsUrl,
    ...(broker.natsCa && { NATS_TLS_CA: broker.natsCa }),
    // HAProxy is the gateways' proxy; its X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    ...options.env,
  };
  const entry = options.entry === 'source' ? SOURCE_ENTRY : DIST_ENTRY;
  const loader = options.entry === 'source' ? ['--conditions=source', '--import', 'tsx'] : [];
  const server = (role: 'core' | 'gateway', port: number) => () =>
    piped(process.execPath, [...SERVER_NODE_FLAGS, ...loader, entry], {
      ...env,
      ROLE: role,
      PORT: String(port),
      // A core's metrics, a standby's too, on its port + 20 (ops/prometheus/targets/core.yml).
      ...(role === 'core' && { METRICS_PORT: String(port + 20) }),
      NATS_NKEY_SEED_FILE: broker.seedFile(role),
    });
  const health = (port: number, kind: 'ready' | 'live') =>
    answersOk(`http://127.0.0.1:${port}/api/v1/health/${kind}`);
  // A core is back once it serves, or once it waits at the writer lock as the standby.
  const core = (name: string, port: number) =>
    add(name, 'core', port, server('core', port), (child, member) =>
      untilReady(
        child,
        async () => member.output.includes(STANDBY_MARKER) || health(port, 'ready'),
      ),
    );

  const cores = [core('core-1', basePort + 10)];
  // The standby starts once the first holds the writer lock, so which is active is known.
  await waitFor(async () => (await tcpOpen(basePort + 10)) || null, 180_000, 'no core started');
  cores.push(core('core-2', basePort + 11));
  const gateways: Member[] = [];
  for (let i = 1; i <= options.gateways; i++) {
    const port = basePort + i;
    gateways.push(
      add(`gateway-${i}`, 'gateway', port, server('gateway', port), (child) =>
        untilReady(child, () => health(port, 'live')),
      ),
    );
  }

  // The statistics page answers only with the operator's password (review 4, I4-6), made once.
  const statsPassword = await loadOrCreateSecret(path.join(dataDir, 'secrets'), 'haproxy-stats');
  const balancerList: Balancer[] = [];
  for (const [i, ports] of balancerPorts(basePort).entries()) {
    const name = `haproxy-${'ab'[i]}`;
    const configFile = path.join(dataDir, `${name}.cfg`);
    await fs.writeFile(configFile, haproxyConfig(ports, gateways, statsPassword), { mode: 0o600 });
    balancerList.push({ name, ...ports, configFile });
  }
  const balancers = balancerList.map((b) =>
    add(
      b.name,
      'haproxy',
      b.port,
      () => piped(HAPROXY, ['-db', '-f', b.configFile]),
      (child) => untilReady(child, () => tcpOpen(b.port)),
    ),
  );

  const activeCore = async () => {
    for (const c of cores) if (await health(c.port, 'ready')) return c;
    return null;
  };
  await waitFor(activeCore, 180_000, 'no core started');
  const allGatewaysInRotation = () => allInRotation(balancerList, gateways.length, statsPassword);
  await allGatewaysInRotation();
  const logOf = async (member: Member) => {
    if (options.output !== 'files') throw new Error("logOf reads the members' log files");
    const text = await fs.readFile(path.join(dataDir, `${member.name}.log`), 'utf8');
    const pid = member.process.pid;
    return text
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes(`"pid":${pid}`))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return {
    url: `http://127.0.0.1:${basePort}`,
    urls: balancerList.map((b) => `http://127.0.0.1:${b.port}`),
    dataDir,
    natsUrl: broker.natsUrl,
    natsCa: broker.natsCa,
    bus: broker.bus,
    cores,
    gateways,
    natsNodes,
    balancers,
    members: () => supervisor.members as Member[],
    activeCore,
    allGatewaysInRotation,
    standingBy: (member) =>
      waitFor(
        async () => member.output.includes(STANDBY_MARKER) || null,
        180_000,
        `${member.name} is not standing by`,
      ).then(() => undefined),
    logOf,
    stop: async () => {
      await supervisor.stop();
      for (const sink of sinks.values()) sink.end();
    },
  };
}
