/**
 * The local cluster's two HAProxy instances, `haproxy-a` on the cluster's port and `haproxy-b`
 * on +12, each with the same gateways behind it and its own statistics page (+16, +20). Clients
 * that hold both URLs go on through the other when one dies (README, "Cluster": production puts
 * one keepalived address in front of the pair instead).
 */
import { waitFor } from './cluster-wait.js';

export const HAPROXY = '/usr/sbin/haproxy';

export interface Balancer {
  name: string;
  port: number;
  statsPort: number;
  configFile: string;
}

/** The two instances' ports. */
export function balancerPorts(basePort: number): { port: number; statsPort: number }[] {
  return [
    { port: basePort, statsPort: basePort + 16 },
    { port: basePort + 12, statsPort: basePort + 20 },
  ];
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
export function haproxyConfig(
  balancer: { port: number; statsPort: number },
  gateways: { name: string; port: number }[],
  statsPassword: string,
): string {
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
  bind 127.0.0.1:${balancer.port}
  option forwardfor
  use_backend gateways if { nbsrv(gateways) ge 1 }
  default_backend gateways_live

${backend('gateways', '/api/v1/health/ready')}
${backend('gateways_live', '/api/v1/health/live')}
listen stats
  bind 127.0.0.1:${balancer.statsPort}
  stats enable
  stats uri /
  stats auth ops:${statsPassword}
`;
}

/** How many gateways `balancer` sends calls to (checked up, per its statistics page). */
export async function gatewaysUp(statsPort: number, statsPassword: string): Promise<number> {
  const csv = await fetch(`http://127.0.0.1:${statsPort}/;csv`, {
    headers: { authorization: `Basic ${Buffer.from(`ops:${statsPassword}`).toString('base64')}` },
  }).then(
    (r) => r.text(),
    () => '',
  );
  return csv.split('\n').filter((row) => /^gateways,gateway-\d+,.*,UP,/.test(row)).length;
}

/** Resolves once every balancer sends calls to all `count` gateways. */
export async function allInRotation(
  balancers: Balancer[],
  count: number,
  statsPassword: string,
): Promise<void> {
  await waitFor(
    async () => {
      for (const b of balancers)
        if ((await gatewaysUp(b.statsPort, statsPassword)) < count) return null;
      return true;
    },
    180_000,
    'HAProxy does not send calls to every gateway',
  );
}
