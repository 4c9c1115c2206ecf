import type { FastifyInstance } from 'fastify';
import { waitFor } from '../../scripts/cluster-launch.js';

/** Waits until `gateway` says it is ready: a core answered its ping. */
export async function gatewayReady(gateway: FastifyInstance): Promise<void> {
  await waitFor(
    async () =>
      (await gateway.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode === 200 ||
      null,
    15_000,
    'the gateway never saw the core',
  );
}
