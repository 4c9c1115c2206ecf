/**
 * The local cluster's broker: three NATS nodes clustered with each other (clients on +13 to +15,
 * routes on +17 to +19), each with the roles' nkeys and permissions (broker-config.ts), the
 * routes behind credentials of their own, and over TLS with `tls` (a CA and certificate made
 * here). The members get all three URLs, so losing one node is a reconnection, not an outage.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadOrCreateNkey, natsServerConfig, type BusRole } from '../src/cluster/broker-config.js';
import type { BusSettings } from '../src/cluster/bus.js';
import { loadOrCreateSecret } from '../src/lib/secrets.js';

export const NATS_SERVER = '/usr/sbin/nats-server';
export const OPENSSL = '/usr/bin/openssl';
export const NATS_NODES = 3;

export interface BrokerNode {
  name: string;
  clientPort: number;
  configFile: string;
}

export interface Broker {
  nodes: BrokerNode[];
  /** Every node's URL, comma-separated (NATS_URL). */
  natsUrl: string;
  natsCa: string | null;
  bus(role: BusRole): BusSettings;
  /** The nkey seed file of each role. */
  seedFile(role: BusRole): string;
}

/** Writes the nodes' configurations (keys made once, kept in DATA_DIR/nats). */
export async function prepareBroker(
  dataDir: string,
  basePort: number,
  tls: boolean,
): Promise<Broker> {
  const natsDir = path.join(dataDir, 'nats');
  await fs.mkdir(natsDir, { recursive: true, mode: 0o700 });
  // Each role its own nkey (made once, owner-only), the broker only their public keys and
  // subjects (review N4-H4): no anonymous client.
  const keys = {
    gateway: await loadOrCreateNkey(path.join(natsDir, 'gateway.nk')),
    core: await loadOrCreateNkey(path.join(natsDir, 'core.nk')),
  };
  const routePassword = await loadOrCreateSecret(path.join(dataDir, 'secrets'), 'nats-route');
  const certificate = tls ? await makeCertificate(natsDir) : null;
  const ports = Array.from({ length: NATS_NODES }, (_, i) => ({
    client: basePort + 13 + i,
    route: basePort + 17 + i,
  }));
  const nodes: BrokerNode[] = [];
  for (const [i, port] of ports.entries()) {
    const name = `nats-${i + 1}`;
    const configFile = path.join(natsDir, `${name}.conf`);
    const routes = ports
      .filter((other) => other !== port)
      .map((other) => `nats-route://route:${routePassword}@127.0.0.1:${other.route}`);
    const config = natsServerConfig({
      listen: `127.0.0.1:${port.client}`,
      users: { gateway: keys.gateway.publicKey, core: keys.core.publicKey },
      ...(certificate && { tls: certificate }),
      cluster: {
        serverName: name,
        listen: `127.0.0.1:${port.route}`,
        routes,
        user: 'route',
        password: routePassword,
      },
    });
    await fs.writeFile(configFile, config, { mode: 0o600 });
    nodes.push({ name, clientPort: port.client, configFile });
  }
  const scheme = tls ? 'tls' : 'nats';
  const natsUrl = nodes.map((n) => `${scheme}://127.0.0.1:${n.clientPort}`).join(',');
  return {
    nodes,
    natsUrl,
    natsCa: certificate?.caFile ?? null,
    bus: (role) => ({
      natsUrl,
      nkeySeedFile: keys[role].seedFile,
      tlsCaFile: certificate?.caFile ?? null,
      tls: certificate !== null,
    }),
    seedFile: (role) => keys[role].seedFile,
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
  const ca = ['-keyout', file('ca.key'), '-out', made.caFile, '-days', '365'];
  openssl(['req', '-x509', ...ec, ...ca, '-subj', '/CN=exchange cluster CA']);
  const csr = ['-keyout', made.keyFile, '-out', file('server.csr'), '-subj', '/CN=127.0.0.1'];
  openssl(['req', ...ec, ...csr]);
  await fs.writeFile(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  const signer = ['-CA', made.caFile, '-CAkey', file('ca.key'), '-CAcreateserial'];
  const out = ['-out', made.certFile, '-days', '365', '-extfile', file('server.ext')];
  openssl(['x509', '-req', '-in', file('server.csr'), ...signer, ...out]);
  for (const key of [file('ca.key'), made.keyFile]) await fs.chmod(key, 0o600);
  return made;
}
