import { describe, expect, it } from 'vitest';
import { clusterConfig } from './cluster-config.js';

const noCredentials = { nkeySeedFile: null, tlsCaFile: null, tls: false, secret: null };

describe('ROLE, NATS_URL and CORE_TIMEOUT_MS', () => {
  it('runs the whole exchange in one process unless told otherwise', () => {
    expect(clusterConfig({})).toEqual({
      role: 'all',
      natsUrl: null,
      coreTimeoutMs: 10_000,
      ...noCredentials,
    });
  });

  it('takes a core or a gateway with the broker it joins', () => {
    const env = { ROLE: 'gateway', NATS_URL: 'nats://127.0.0.1:4222', CORE_TIMEOUT_MS: '3000' };
    expect(clusterConfig(env)).toEqual({
      role: 'gateway',
      natsUrl: 'nats://127.0.0.1:4222',
      coreTimeoutMs: 3000,
      ...noCredentials,
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

describe("the broker's credentials (review N4-H4)", () => {
  const core = { ROLE: 'core', NATS_URL: 'nats://127.0.0.1:4222' };

  it('takes an nkey seed file, a CA, and a cluster secret', () => {
    const env = {
      ...core,
      NATS_URL: 'tls://nats.internal:4222',
      NATS_NKEY_SEED_FILE: '/etc/exchange/core.nk',
      NATS_TLS_CA: '/etc/exchange/nats-ca.pem',
      CLUSTER_SECRET: 'x'.repeat(32),
    };
    expect(clusterConfig(env, true)).toMatchObject({
      nkeySeedFile: '/etc/exchange/core.nk',
      tlsCaFile: '/etc/exchange/nats-ca.pem',
      tls: true,
      secret: 'x'.repeat(32),
    });
  });

  it('uses TLS for a tls:// server or a CA, whatever the other servers say', () => {
    expect(clusterConfig({ ...core, NATS_URL: 'nats://a:1,tls://b:2' }).tls).toBe(true);
    expect(clusterConfig({ ...core, NATS_TLS_CA: '/ca.pem' }).tls).toBe(true);
    expect(clusterConfig(core).tls).toBe(false);
  });

  it('refuses a short cluster secret and a server of another scheme', () => {
    expect(() => clusterConfig({ ...core, CLUSTER_SECRET: 'short' })).toThrow(
      'CLUSTER_SECRET must be at least 32 characters',
    );
    expect(() => clusterConfig({ ...core, NATS_URL: 'http://127.0.0.1:4222' })).toThrow(
      'neither nats:// nor tls://',
    );
  });

  it('in production, refuses a core or gateway without credentials', () => {
    expect(() => clusterConfig(core, true)).toThrow('ROLE=core in production needs NATS_NKEY');
    expect(() => clusterConfig({ ...core, ROLE: 'gateway' }, true)).toThrow(
      'ROLE=gateway in production needs NATS_NKEY_SEED_FILE',
    );
    expect(clusterConfig({}, true).role).toBe('all');
  });

  it('in production, refuses a broker on another host without TLS', () => {
    const seed = { ...core, NATS_NKEY_SEED_FILE: '/core.nk' };
    expect(() => clusterConfig({ ...seed, NATS_URL: 'nats://10.0.0.5:4222' }, true)).toThrow(
      'NATS_URL 10.0.0.5:4222 is another host: use tls://',
    );
    expect(() => clusterConfig({ ...seed, NATS_URL: 'nats.internal:4222' }, true)).toThrow(
      'another host',
    );
    expect(clusterConfig(seed, true).tls).toBe(false);
    expect(clusterConfig({ ...seed, NATS_URL: 'tls://10.0.0.5:4222' }, true).tls).toBe(true);
  });
});
