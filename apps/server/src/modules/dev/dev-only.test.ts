import { describe, expect, it } from 'vitest';
import { clusterConfig } from '../../config/cluster-config.js';
import { servesDevRoutes } from './dev-only.js';

const cluster = (role: string) => clusterConfig({ ROLE: role, NATS_URL: 'nats://127.0.0.1:1' });

describe('the dev outbox is served', () => {
  it('by a single-process server outside production', () => {
    expect(servesDevRoutes({ nodeEnv: 'development', cluster: cluster('all') })).toBe(true);
    expect(servesDevRoutes({ nodeEnv: 'test', cluster: cluster('all') })).toBe(true);
  });

  it('never in production, and never by a core or a gateway of a cluster', () => {
    expect(servesDevRoutes({ nodeEnv: 'production', cluster: cluster('all') })).toBe(false);
    expect(servesDevRoutes({ nodeEnv: 'development', cluster: cluster('core') })).toBe(false);
    expect(servesDevRoutes({ nodeEnv: 'development', cluster: cluster('gateway') })).toBe(false);
  });
});
