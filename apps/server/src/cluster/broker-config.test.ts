import { describe, expect, it } from 'vitest';
import { BUS_PERMISSIONS, natsServerConfig } from './broker-config.js';
import { subjectsFor } from './bus.js';

const REQUESTS = ['http', 'socket-auth', 'ping', 'entry'];

describe("the broker's permissions per role (review N4-H4)", () => {
  it('lets a gateway publish requests and hear answers and events, never a request', () => {
    const { gateway } = BUS_PERMISSIONS;
    expect(gateway.publish).toEqual(REQUESTS.map((r) => `exchange.*.${r}`));
    expect(gateway.subscribe).toEqual(['exchange.*.events', 'exchange.*.standby', '_INBOX.>']);
    expect(gateway.allowResponses).toBe(false);
  });

  it('lets a core hear requests only in the queue group core, answer them, and publish events', () => {
    const { core } = BUS_PERMISSIONS;
    expect(core.subscribe).toEqual(REQUESTS.map((r) => `exchange.*.${r} core`));
    expect(core.publish).toEqual(['exchange.*.events', 'exchange.*.standby']);
    expect(core.allowResponses).toBe(true);
  });

  it("matches every subject a deployment uses to one role's side", () => {
    const subjects = subjectsFor('exchange_db');
    const matches = (pattern: string, subject: string) =>
      new RegExp(`^${pattern.split(' ')[0]!.replace(/\./g, '\\.').replace('*', '[^.]+')}$`).test(
        subject,
      );
    for (const subject of Object.values(subjects)) {
      const byGateway = BUS_PERMISSIONS.gateway.publish.some((p) => matches(p, subject));
      const byCore = BUS_PERMISSIONS.core.publish.some((p) => matches(p, subject));
      expect(byGateway !== byCore, subject).toBe(true);
    }
  });

  it('writes one user per role by public key, no anonymous user, and TLS when asked', () => {
    const users = { gateway: 'UGATEWAYKEY', core: 'UCOREKEY' };
    const plain = natsServerConfig({ listen: '127.0.0.1:4222', users });
    expect(plain).toContain('nkey: UGATEWAYKEY');
    expect(plain).toContain('nkey: UCOREKEY');
    expect(plain).toContain('"exchange.*.http core"');
    expect(plain).not.toMatch(/no_auth_user|tls \{/);
    const tls = natsServerConfig({
      listen: '0.0.0.0:4222',
      users,
      tls: { certFile: '/etc/nats/server.pem', keyFile: '/etc/nats/server.key' },
    });
    expect(tls).toContain('cert_file: "/etc/nats/server.pem"');
  });

  it('joins a node to its cluster with the shared route credentials, and no JetStream', () => {
    const node = natsServerConfig({
      listen: '127.0.0.1:4213',
      users: { gateway: 'UGATEWAYKEY', core: 'UCOREKEY' },
      cluster: {
        serverName: 'nats-1',
        listen: '127.0.0.1:4217',
        routes: ['nats-route://route:pw@127.0.0.1:4218', 'nats-route://route:pw@127.0.0.1:4219'],
        user: 'route',
        password: 'pw',
      },
    });
    expect(node).toContain('server_name: "nats-1"');
    expect(node).toContain('cluster {\n  name: "exchange"\n  listen: 127.0.0.1:4217\n');
    expect(node).toContain('authorization { user: "route", password: "pw" }');
    expect(node).toContain(
      'routes: ["nats-route://route:pw@127.0.0.1:4218", "nats-route://route:pw@127.0.0.1:4219"]',
    );
    expect(node).not.toContain('jetstream');
  });
});
