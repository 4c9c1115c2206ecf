import { connect, type NatsConnection } from 'nats';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The subjects one deployment uses on NATS, named after its database (`databaseIdentity`), so
 * that two deployments sharing a broker (staging beside production) never hear each other.
 */
export interface Subjects {
  /** Request/reply: an HTTP request the gateway received, answered by the core after commit. */
  http: string;
  /** Request/reply: who a realtime socket's token belongs to. */
  socketAuth: string;
  /** Request/reply: is a core there (gateways' readiness), and the pairs the feed may follow. */
  ping: string;
  /** Request/reply: a WebSocket order-entry call a gateway received, answered after commit. */
  entry: string;
  /** Published by the core: market data and owners' updates, each with a sequence number. */
  events: string;
  /** Published by a standby core each time it followed the tables: it is there, and ready. */
  standby: string;
}

/** The one queue group every core subscribes in: a request reaches one core, the active one. */
export const CORE_QUEUE = 'core';

export function subjectsFor(deployment: string): Subjects {
  const base = `exchange.${deployment.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  return {
    http: `${base}.http`,
    socketAuth: `${base}.socket-auth`,
    ping: `${base}.ping`,
    entry: `${base}.entry`,
    events: `${base}.events`,
    standby: `${base}.standby`,
  };
}

/**
 * Connects to the broker and keeps reconnecting for ever (a broker restart is a pause, not the
 * end of the process); the connection's status changes are logged.
 */
export async function connectBus(
  url: string,
  name: string,
  log: FastifyBaseLogger,
): Promise<NatsConnection> {
  const nc = await connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
  });
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'error')
        log.warn({ status: status.type, data: String(status.data) }, 'broker connection');
      else if (status.type === 'reconnect') log.info('broker connection back');
    }
  })();
  return nc;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const encodeJson = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;
