import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../lib/metrics.js';
import { sameHash } from '../lib/secrets.js';
import { givenToken, OPS_METRICS_PATH } from '../modules/ops/routes.js';
import { failure } from '../plugins/error-handler.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT's listener: this process's metrics at the one path every process serves them at
 * (`/api/v1/ops/metrics`, the operator token as bearer credentials), and nothing else (404). It
 * listens from the start, so a standby core, which serves no API until it takes over, is scraped
 * too (its replay lag, its pools, Node's own), and a core is one target whichever role it plays.
 */
export async function listenForMetrics(
  metrics: Metrics,
  opsToken: string,
  at: { host: string; port: number },
): Promise<MetricsListener> {
  const server = http.createServer((request, response) => {
    const send = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'content-type': type }).end(body);
    const json = (status: number, code: 'NOT_FOUND' | 'UNAUTHORIZED', message: string) =>
      send(
        status,
        'application/json; charset=utf-8',
        JSON.stringify(failure(status, code, message)),
      );
    const pathname = new URL(request.url ?? '/', 'http://metrics').pathname;
    if (request.method !== 'GET' || pathname !== OPS_METRICS_PATH)
      return json(404, 'NOT_FOUND', 'Not found');
    const given = givenToken(request.headers);
    if (given === null || !sameHash(given, opsToken))
      return json(401, 'UNAUTHORIZED', 'Operator token required');
    metrics.render().then(
      (text) => send(200, metrics.contentType, text),
      () => send(500, 'text/plain; charset=utf-8', 'The metrics could not be read'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port, at.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
