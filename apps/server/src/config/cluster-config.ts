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
}

const ROLES: readonly Role[] = ['all', 'core', 'gateway'];

/** ROLE, NATS_URL and CORE_TIMEOUT_MS; a wrong value stops the start. */
export function clusterConfig(env: NodeJS.ProcessEnv): ClusterConfig {
  const role = (env.ROLE?.trim() || 'all') as Role;
  if (!ROLES.includes(role))
    throw new Error(`ROLE must be one of ${ROLES.join(', ')}, not "${role}"`);
  const natsUrl = env.NATS_URL?.trim() || null;
  if (role !== 'all' && !natsUrl)
    throw new Error(`ROLE=${role} needs NATS_URL (for example nats://127.0.0.1:4222)`);
  const timeout = Number(env.CORE_TIMEOUT_MS ?? 10_000);
  if (!Number.isFinite(timeout) || timeout <= 0)
    throw new Error('CORE_TIMEOUT_MS must be a positive number of milliseconds');
  return { role, natsUrl, coreTimeoutMs: timeout };
}
