import { nkeys } from 'nats';
import { loadOrCreateSecretFile } from '../lib/secrets.js';
import { CORE_QUEUE } from './bus.js';

/** The roles that hold broker credentials: each its own nkey, each only its own subjects. */
export type BusRole = 'gateway' | 'core';

interface Permissions {
  publish: string[];
  subscribe: string[];
  /** May answer the requests it received (publish to their reply subjects), and nothing else. */
  allowResponses: boolean;
}

/** Every deployment's subjects (`subjectsFor`): `exchange.<database>.<kind>`. */
const any = (kind: string) => `exchange.*.${kind}`;
const REQUESTS = ['http', 'socket-auth', 'ping', 'entry'].map(any);

/**
 * What each role may do on the broker (review N4-H4):
 * - a gateway publishes requests (`http`, `socket-auth`, `ping`, `entry`) and hears the answers
 *   in its inboxes, the core's `events` and the standbys' reports; it can neither hear a request
 *   nor publish an event;
 * - a core (the active one and a standby alike: either may become the other) hears the requests,
 *   only in the queue group `core`, answers them, and publishes `events` and `standby`.
 */
export const BUS_PERMISSIONS: Record<BusRole, Permissions> = {
  gateway: {
    publish: REQUESTS,
    subscribe: [any('events'), any('standby'), '_INBOX.>'],
    allowResponses: false,
  },
  core: {
    publish: [any('events'), any('standby')],
    subscribe: REQUESTS.map((subject) => `${subject} ${CORE_QUEUE}`),
    allowResponses: true,
  },
};

const quoted = (list: string[]) => `[${list.map((s) => JSON.stringify(s)).join(', ')}]`;

/**
 * One node of a NATS cluster: its name, where it listens for the other nodes, their route URLs,
 * and the route credentials every node shares (a route is trusted with every subject, so no
 * process may join as one without them).
 */
export interface BrokerClusterNode {
  serverName: string;
  listen: string;
  routes: string[];
  user: string;
  password: string;
}

/**
 * A nats-server configuration: one user per role, known by its nkey's public key, with the
 * role's permissions; no anonymous user. With `tls`, clients must speak TLS to the certificate.
 * With `cluster`, the node is one of a cluster (no JetStream: the bus is request/reply and
 * publish/subscribe only, so there is no stream to replicate). `npm run cluster` writes three
 * (scripts/cluster-broker.ts); README, "Cluster", shows production's.
 */
export function natsServerConfig(options: {
  listen: string;
  users: Record<BusRole, string>;
  tls?: { certFile: string; keyFile: string };
  cluster?: BrokerClusterNode;
}): string {
  const users = (Object.keys(BUS_PERMISSIONS) as BusRole[]).map((role) => {
    const p = BUS_PERMISSIONS[role];
    return `    {
      # ${role}
      nkey: ${options.users[role]}
      permissions: {
        publish: { allow: ${quoted(p.publish)} }
        subscribe: { allow: ${quoted(p.subscribe)} }${p.allowResponses ? '\n        allow_responses: true' : ''}
      }
    }`;
  });
  const tls = options.tls
    ? `tls {
  cert_file: ${JSON.stringify(options.tls.certFile)}
  key_file: ${JSON.stringify(options.tls.keyFile)}
  timeout: 5
}
`
    : '';
  const c = options.cluster;
  const cluster = c
    ? `server_name: ${JSON.stringify(c.serverName)}
cluster {
  name: "exchange"
  listen: ${c.listen}
  authorization { user: ${JSON.stringify(c.user)}, password: ${JSON.stringify(c.password)} }
  routes: ${quoted(c.routes)}
}
`
    : '';
  return `listen: ${options.listen}
${cluster}# Bodies up to 12 MB cross as base64 (identity images, bank statements): 16 MB messages.
max_payload: 16777216
${tls}authorization {
  users = [
${users.join('\n')}
  ]
}
`;
}

interface UserKeyPair {
  getSeed(): Uint8Array;
  getPublicKey(): string;
}
const userKeys = nkeys as {
  createUser(): UserKeyPair;
  fromSeed(seed: Uint8Array): UserKeyPair;
};

/**
 * A role's nkey: its seed in `file` (owner-only, made the first time), and the public key the
 * broker's configuration names.
 */
export async function loadOrCreateNkey(
  file: string,
): Promise<{ seedFile: string; publicKey: string }> {
  const { value } = await loadOrCreateSecretFile(file, () =>
    new TextDecoder().decode(userKeys.createUser().getSeed()),
  );
  return {
    seedFile: file,
    publicKey: userKeys.fromSeed(new TextEncoder().encode(value)).getPublicKey(),
  };
}
