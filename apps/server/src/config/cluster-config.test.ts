import { describe, expect, it } from 'vitest';
import { clusterConfig } from './cluster-config.js';

describe('ROLE, NATS_URL and CORE_TIMEOUT_MS', () => {
  it('runs the whole exchange in one process unless told otherwise', () => {
    expect(clusterConfig({})).toEqual({ role: 'all', natsUrl: null, coreTimeoutMs: 10_000 });
  });

  it('takes a core or a gateway with the broker it joins', () => {
    const env = { ROLE: 'gateway', NATS_URL: 'nats://127.0.0.1:4222', CORE_TIMEOUT_MS: '3000' };
    expect(clusterConfig(env)).toEqual({
      role: 'gateway',
      natsUrl: 'nats://127.0.0.1:4222',
      coreTimeoutMs: 3000,
    });
  });

  it('refuses an unknown role, a role without a broker, and a timeout that is no time', () => {
    expect(() => clusterConfig({ ROLE: 'writer' })).toThrow(
      'ROLE must be one of all, core, gateway, not "writer"',
    );
    expect(() => clusterConfig({ ROLE: 'core' })).toThrow('ROLE=core needs NATS_URL');
    expect(() => clusterConfig({ CORE_TIMEOUT_MS: '-1' })).toThrow(
      'CORE_TIMEOUT_MS must be a positive number',
    );
  });
});
