/**
 * Starts a cluster on this machine (docs/architecture.md, "Roles"): NATS, an active and a
 * standby core (ROLE=core) on one PostgreSQL database, gateways (ROLE=gateway) and HAProxy in
 * front of them, health-checking each gateway's /api/v1/health/ready. `npm run cluster` runs it
 * for people; the failover tests and `npm run crash:cluster` drive it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../src/config/node-flags.js';
import { loadOrCreateSecret } from '../src/lib/secrets.js';
import { loadOrCreateNkey, natsServerConfig, type BusRole } from '../src/cluster/broker-config.js';
import type { BusSettings } from '../src/cluster/bus.js';

export const HAPROXY = '/usr/sbin/haproxy';
export const NATS_SERVER = '/usr/sbin/nats-server';
export const OPENSSL = '/usr/bin/openssl';

export interface ClusterOptions {
  /** HAProxy listens here; gateways on +1 to +9, cores on +10 and +11, NATS on +15, HAProxy's statistics on +16. */
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
}

export interface Member {
  name: string;
  role: 'core' | 'gateway';
  port: number;
  process: ChildProcess;
}

export interface Cluster {
  url: string;
  /** The cluster's DATA_DIR (secrets, the broker's keys and configuration, logs). */
  dataDir: string;
  natsUrl: string;
  /** The CA that signed the broker's certificate (with `tls`), else null. */
  natsCa: string | null;
  /** How a role's members reach the broker: its URL, nkey seed file and TLS. */
  bus(role: BusRole): BusSettings;
  cores: Member[];
  gateways: Member[];
  /** The broker's and the balancer's processes (benchmarks count their CPU). */
  nats: ChildProcess;
  haproxy: ChildProcess;
  /** Starts a stopped member again on its port (a killed core comes back as the standby). */
  restart(member: Member): Member;
  /** Resolves once a core started by `restart` waits for the writer lock (its log says so). */
  standingBy(member: Member): Promise<void>;
  /** The JSON log lines the member's current process wrote (`output: 'files'`). */
  logOf(member: Member): Promise<Record<string, unknown>[]>;
  /** The core that answers its health check, if any. */
  activeCore(): Promise<Member | null>;
  /** Resolves once HAProxy sends calls to every gateway (each one ready, checked up). */
  allGatewaysInRotation(): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_ENTRY = path.join(root, 'src/server.ts');
const DIST_ENTRY = path.join(root, 'dist/server.js');

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
  const children: ChildProcess[] = [];
  try {
    return await launchCluster(options, children);
  } catch (err) {
    await stopAll(children);
    throw err;
  }
}

async function launchCluster(options: ClusterOptions, children: ChildProcess[]): Promise<Cluster> {
  const { basePort, dataDir } = options;
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const natsPort = basePort + 15;
  const natsUrl = `${options.tls ? 'tls' : 'nats'}://127.0.0.1:${natsPort}`;
  const out = (name: string) =>
    options.output === 'inherit' ? 'inherit' : openSync(path.join(dataDir, `${name}.log`), 'a');

  // Each role its own nkey (made once, owner-only), the broker only their public keys and
  // subjects (review N4-H4): no anonymous client.
  const natsDir = path.join(dataDir, 'nats');
  await fs.mkdir(natsDir, { recursive: true, mode: 0o700 });
  const keys = {
    gateway: await loadOrCreateNkey(path.join(natsDir, 'gateway.nk')),
    core: await loadOrCreateNkey(path.join(natsDir, 'core.nk')),
  };
  const certificate = options.tls ? await makeCertificate(natsDir) : null;
  const natsConf = path.join(natsDir, 'nats.conf');
  await fs.writeFile(
    natsConf,
    natsServerConfig({
      listen: `127.0.0.1:${natsPort}`,
      users: { gateway: keys.gateway.publicKey, core: keys.core.publicKey },
      ...(certificate && { tls: certificate }),
    }),
    { mode: 0o600 },
  );
  const bus = (role: BusRole): BusSettings => ({
    natsUrl,
    nkeySeedFile: keys[role].seedFile,
    tlsCaFile: certificate?.caFile ?? null,
    tls: certificate !== null,
  });
  const natsOut = out('nats');
  const nats = spawn(NATS_SERVER, ['-c', natsConf], { stdio: ['ignore', natsOut, natsOut] });
  children.push(nats);
  await waitFor(async () => (await tcpOpen(natsPort)) || null, 10_000, 'NATS did not start');

  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    NATS_URL: natsUrl,
    ...(certificate && { NATS_TLS_CA: certificate.caFile }),
    // HAProxy is the gateways' proxy; its X-Forwarded-For names the client.
    TRUST_PROXY: '127.0.0.1',
    ...options.env,
  };
  const entry = options.entry === 'source' ? SOURCE_ENTRY : DIST_ENTRY;
  const loader = options.entry === 'source' ? ['--conditions=source', '--import', 'tsx'] : [];
  const spawnMember = (name: string, role: Member['role'], port: number): ChildProcess => {
    const stdio = out(name);
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...loader, entry], {
      env: {
        ...env,
        ROLE: role,
        PORT: String(port),
        // A core's metrics, a standby's too, on its port + 20 (ops/prometheus/targets/core.yml).
        ...(role === 'core' && { METRICS_PORT: String(port + 20) }),
        NATS_NKEY_SEED_FILE: keys[role].seedFile,
      },
      stdio: ['ignore', stdio, stdio],
    });
    children.push(child);
    return child;
  };
  const launch = (name: string, role: Member['role'], port: number): Member => ({
    name,
    role,
    port,
    process: spawnMember(name, role, port),
  });

  const cores = [launch('core-1', 'core', basePort + 10)];
  // The standby starts once the first holds the writer lock, so which is active is known.
  await waitFor(async () => (await tcpOpen(basePort + 10)) || null, 180_000, 'no core started');
  cores.push(launch('core-2', 'core', basePort + 11));
  const gateways: Member[] = [];
  for (let i = 1; i <= options.gateways; i++)
    gateways.push(launch(`gateway-${i}`, 'gateway', basePort + i));

  const haproxyConf = path.join(dataDir, 'haproxy.cfg');
  // The statistics page answers only with the operator's password (review 4, I4-6), made once.
  const statsPassword = await loadOrCreateSecret(path.join(dataDir, 'secrets'), 'haproxy-stats');
  await fs.writeFile(haproxyConf, haproxyConfig(basePort, gateways, statsPassword), {
    mode: 0o600,
  });
  const haproxyOut = out('haproxy');
  const haproxy = spawn(HAPROXY, ['-db', '-f', haproxyConf], {
    stdio: ['ignore', haproxyOut, haproxyOut],
  });
  children.push(haproxy);
  const url = `http://127.0.0.1:${basePort}`;

  const healthy = async (member: Member) =>
    fetch(`http://127.0.0.1:${member.port}/api/v1/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
  const activeCore = async () => {
    for (const core of cores) if (await healthy(core)) return core;
    return null;
  };
  await waitFor(activeCore, 180_000, 'no core started');
  const allGatewaysInRotation = async () => {
    await waitFor(
      async () => {
        const csv = await fetch(`http://127.0.0.1:${basePort + 16}/;csv`, {
          headers: {
            authorization: `Basic ${Buffer.from(`ops:${statsPassword}`).toString('base64')}`,
          },
        }).then(
          (r) => r.text(),
          () => '',
        );
        const up = csv.split('\n').filter((row) => /^gateways,gateway-\d+,.*,UP,/.test(row));
        return up.length === gateways.length || null;
      },
      180_000,
      'HAProxy does not send calls to every gateway',
    );
  };
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
    url,
    dataDir,
    natsUrl,
    natsCa: certificate?.caFile ?? null,
    bus,
    cores,
    gateways,
    nats,
    haproxy,
    activeCore,
    allGatewaysInRotation,
    restart(member) {
      member.process = spawnMember(member.name, member.role, member.port);
      return member;
    },
    standingBy: (member) =>
      waitFor(
        async () =>
          (await logOf(member)).some((line) => String(line.msg).includes('as a standby')) || null,
        180_000,
        `${member.name} is not standing by`,
      ).then(() => undefined),
    logOf,
    stop: () => stopAll(children),
  };
}

/**
 * A CA and a certificate for 127.0.0.1 (and localhost) it signed, for the broker's TLS: made
 * once in `dir` with openssl, keys owner-only. Production's come from the operator's own CA.
 */
async function makeCertificate(
  dir: string,
): Promise<{ caFile: string; certFile: string; keyFile: string }> {
  const file = (name: string) => path.join(dir, name);
  const made = {
    caFile: file('ca.pem'),
    certFile: file('server.pem'),
    keyFile: file('server.key'),
  };
  const exists = await fs.stat(made.certFile).then(
    () => true,
    () => false,
  );
  if (exists) return made;
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const openssl = (args: string[]) => execFileSync(OPENSSL, args, { stdio: 'ignore' });
  openssl(
    ['req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', made.caFile].concat([
      '-days',
      '365',
      '-subj',
      '/CN=exchange cluster CA',
    ]),
  );
  openssl(
    ['req', ...ec, '-keyout', made.keyFile, '-out', file('server.csr')].concat([
      '-subj',
      '/CN=127.0.0.1',
    ]),
  );
  await fs.writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    [
      'x509',
      '-req',
      '-in',
      file('server.csr'),
      '-CA',
      made.caFile,
      '-CAkey',
      file('ca.key'),
    ].concat([
      '-CAcreateserial',
      '-out',
      made.certFile,
      '-days',
      '365',
      '-extfile',
      file('server.ext'),
    ]),
  );
  for (const key of [file('ca.key'), made.keyFile]) await fs.chmod(key, 0o600);
  return made;
}

/** SIGTERM to each process still running, SIGKILL to one still there 5 s later. */
async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/**
 * HAProxy in front of the gateways, round robin (a socket stays on its gateway). Two backends
 * over the same gateways: `gateways` checks readiness (the gateway's database answers and its
 * core answered within 3 s), so a gateway cut off from the core gets no traffic while others
 * reach it; when none is ready (no core, or a standby taking over) `gateways_live` checks
 * liveness only, so the gateways still answer, with a clean 503, rather than HAProxy with a page
 * of its own. A connection that could not be made is tried on another gateway (nothing was
 * sent, so nothing can happen twice). Checks every half second, two to change state.
 */
export function haproxyConfig(basePort: number, gateways: Member[], statsPassword: string): string {
  const servers = gateways.map((g) => `  server ${g.name} 127.0.0.1:${g.port} check`).join('\n');
  const backend = (name: string, uri: string) => `backend ${name}
  balance roundrobin
  option httpchk
  http-check send meth GET uri ${uri}
  http-check expect status 200
  default-server inter 500 fall 2 rise 2
${servers}
`;
  return `global
  # Two descriptors a connection (client and gateway) within the machine's limit of 20,000.
  maxconn 9000

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  retries 3
  option redispatch

frontend exchange
  bind 127.0.0.1:${basePort}
  option forwardfor
  use_backend gateways if { nbsrv(gateways) ge 1 }
  default_backend gateways_live

${backend('gateways', '/api/v1/health/ready')}
${backend('gateways_live', '/api/v1/health/live')}
listen stats
  bind 127.0.0.1:${basePort + 16}
  stats enable
  stats uri /
  stats auth ops:${statsPassword}
`;
}

async function tcpOpen(port: number): Promise<boolean> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

export async function waitFor<T>(
  check: () => Promise<T | null>,
  ms: number,
  failure: string,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(failure);
    await new Promise((r) => setTimeout(r, 100));
  }
}
