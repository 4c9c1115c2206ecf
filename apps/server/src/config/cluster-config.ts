/**
 * Which role this process plays (docs/architecture.md, "Roles"): `all` (the default: one process,
 * today's single server), `core` (the single writer and everything that needs it) or `gateway`
 * (HTTP, the web app and the realtime feed, joined to the core over NATS).
 */
export type Role = 'all' | 'core' | 'gateway';

export interface ClusterConfig {
  role: Role;
  /** The broker between gateways and the core; required for `core` and `gateway`. */
  natsUrl: string | null;
  /** How long a gateway waits for the core's answer before it answers 503 UNAVAILABLE. */
  coreTimeoutMs: number;
  /** This role's nkey seed on the broker (a file, owner-only); required in production. */
  nkeySeedFile: string | null;
  /** The CA that signed the broker's certificate: the connection is TLS and verified with it. */
  tlsCaFile: string | null;
  /** Whether the connection to the broker is TLS (a `tls://` server or NATS_TLS_CA). */
  tls: boolean;
  /** Signs the gateways' requests on the broker; null: made once in DATA_DIR/secrets. */
  secret: string | null;
}

const ROLES: readonly Role[] = ['all', 'core', 'gateway'];

/** The shortest CLUSTER_SECRET taken: 32 characters, like JWT_SECRET. */
const MIN_SECRET_LENGTH = 32;

/**
 * ROLE, NATS_URL, CORE_TIMEOUT_MS and the broker's credentials (NATS_NKEY_SEED_FILE, NATS_TLS_CA,
 * CLUSTER_SECRET); a wrong value stops the start. In production a core or gateway needs its
 * credentials, and a broker on another host needs TLS (review N4-H4).
 */
export function clusterConfig(env: NodeJS.ProcessEnv, production = false): ClusterConfig {
  const role = (env.ROLE?.trim() || 'all') as Role;
  if (!ROLES.includes(role))
    throw new Error(`ROLE must be one of ${ROLES.join(', ')}, not "${role}"`);
  const natsUrl = env.NATS_URL?.trim() || null;
  if (role !== 'all' && !natsUrl)
    throw new Error(`ROLE=${role} needs NATS_URL (for example nats://127.0.0.1:4222)`);
  const timeout = Number(env.CORE_TIMEOUT_MS ?? 10_000);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new Error('CORE_TIMEOUT_MS must be a positive number of milliseconds');
  const nkeySeedFile = env.NATS_NKEY_SEED_FILE?.trim() || null;
  const tlsCaFile = env.NATS_TLS_CA?.trim() || null;
  const secret = env.CLUSTER_SECRET || null;
  if (secret !== null && secret.length < MIN_SECRET_LENGTH)
    throw new Error(`CLUSTER_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  const servers = natsUrl ? busServers(natsUrl) : [];
  const tls = tlsCaFile !== null || servers.some((s) => s.protocol === 'tls:');
  if (production && role !== 'all') {
    if (!nkeySeedFile)
      throw new Error(
        `ROLE=${role} in production needs NATS_NKEY_SEED_FILE: the broker refuses anonymous clients`,
      );
    const remote = servers.find((s) => !LOOPBACK.has(s.hostname));
    if (remote && !tls)
      throw new Error(
        `NATS_URL ${remote.host} is another host: use tls:// (and NATS_TLS_CA) in production`,
      );
  }
  return { role, natsUrl, coreTimeoutMs: timeout, nkeySeedFile, tlsCaFile, tls, secret };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** NATS_URL's servers (comma-separated; a server without a scheme is `nats://`). */
export function busServers(natsUrl: string): URL[] {
  return natsUrl
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const url = URL.canParse(s) && s.includes('://') ? new URL(s) : new URL(`nats://${s}`);
      if (!['nats:', 'tls:'].includes(url.protocol))
        throw new Error(`NATS_URL: "${s}" is neither nats:// nor tls://`);
      return url;
    });
}
