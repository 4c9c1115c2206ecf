import type { Config } from '../../config/env.js';

/**
 * Whether the dev outbox's routes are registered: outside production, and only on a single-process
 * server (ROLE=all). Behind a gateway every call reaches the core as if from the address the
 * gateway saw, with the proxies' headers left behind: a client on the gateway's own machine
 * would look local and read everyone's codes (review N4-H4). A cluster's mail is in the core's log
 * and DATA_DIR/outbox.
 */
export function servesDevRoutes(config: Pick<Config, 'nodeEnv' | 'cluster'>): boolean {
  return config.nodeEnv !== 'production' && config.cluster.role === 'all';
}
