import fs from 'node:fs/promises';
import path from 'node:path';
import {
  connect,
  nkeyAuthenticator,
  type ConnectionOptions,
  type Msg,
  type NatsConnection,
} from 'nats';
import type { FastifyBaseLogger } from 'fastify';
import type { ClusterConfig } from '../config/cluster-config.js';
import { loadOrCreateSecret } from '../lib/secrets.js';
import { busKey, signBusRequest, type BusRefusal, type BusVerifier } from './bus-signature.js';

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

/** The broker settings of a role: where, as whom (its nkey) and over what (TLS). */
export type BusSettings = Pick<ClusterConfig, 'natsUrl' | 'nkeySeedFile' | 'tlsCaFile' | 'tls'>;

/**
 * How to reach the broker as this role: its nkey (the seed read from its file; the broker knows
 * only the public key and the subjects it may use) and TLS verified against NATS_TLS_CA (or the
 * system's CAs) when the broker is on another host (review N4-H4).
 */
export async function busConnectOptions(bus: BusSettings): Promise<ConnectionOptions> {
  if (!bus.natsUrl) throw new Error('No NATS_URL');
  const seed = bus.nkeySeedFile ? (await fs.readFile(bus.nkeySeedFile, 'utf8')).trim() : null;
  return {
    servers: bus.natsUrl.split(',').map((s) => s.trim()),
    ...(seed && { authenticator: nkeyAuthenticator(new TextEncoder().encode(seed)) }),
    ...(bus.tls && { tls: bus.tlsCaFile ? { caFile: bus.tlsCaFile } : {} }),
  };
}

/**
 * Connects to the broker and keeps reconnecting for ever (a broker restart is a pause, not the
 * end of the process); the connection's status changes are logged.
 */
export async function connectBus(
  bus: BusSettings,
  name: string,
  log: FastifyBaseLogger,
): Promise<NatsConnection> {
  const nc = await connect({
    ...(await busConnectOptions(bus)),
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

/**
 * Calls `onLink` each time the connection is back after a cut (the broker node it used died, or
 * the network): replies to requests in flight on the old link may be lost.
 */
export function onRelink(nc: NatsConnection, onLink: () => void): void {
  void (async () => {
    for await (const status of nc.status()) if (status.type === 'reconnect') onLink();
  })();
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
export const encodeJson = (value: unknown): Uint8Array => encoder.encode(JSON.stringify(value));
export const decodeJson = <T>(data: Uint8Array): T => JSON.parse(decoder.decode(data)) as T;

/** Where the generated cluster secret is kept under DATA_DIR when CLUSTER_SECRET is not set. */
export const CLUSTER_SECRET_PATH = ['secrets', 'cluster-secret'] as const;

/**
 * The key the gateways sign their requests with and the core checks them with: from
 * CLUSTER_SECRET, or a secret made once in the shared DATA_DIR (one machine's cluster).
 */
export async function loadBusKey(config: {
  dataDir: string;
  cluster: Pick<ClusterConfig, 'secret'>;
}): Promise<Buffer> {
  const [dir, file] = CLUSTER_SECRET_PATH;
  const secret =
    config.cluster.secret ?? (await loadOrCreateSecret(path.join(config.dataDir, dir), file));
  return busKey(secret);
}

/** What the core answers a request it refused (its signature, time or id). */
export interface BusRefused {
  refused: BusRefusal;
}

const isRefused = (value: unknown): value is BusRefused =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** A gateway's requests to the core: each one signed (`bus-signature.ts`). */
export interface BusRequester {
  /** The core's answer, or a rejection when none came within `timeout` or the core refused it. */
  request<T>(subject: string, value: unknown, timeout: number): Promise<T>;
}

export function busRequester(
  nc: NatsConnection,
  key: Buffer,
  log: FastifyBaseLogger,
): BusRequester {
  return {
    async request<T>(subject: string, value: unknown, timeout: number) {
      const msg = await nc.request(subject, encodeJson(signBusRequest(key, subject, value)), {
        timeout,
      });
      const answer = decodeJson<T | BusRefused>(msg.data);
      if (isRefused(answer)) {
        log.error(
          { subject, refused: answer.refused },
          "the core refused this gateway's request: is CLUSTER_SECRET the same on both?",
        );
        throw new Error(`refused: ${answer.refused}`);
      }
      return answer;
    },
  };
}

/**
 * The core's side of a request subject: in the queue group every core shares, each request's
 * signature, time and id checked first; a refused one is answered `{refused}` and logged, and
 * never reaches `handle` (review N4-H4: the client's address is believed only from a verified
 * request).
 */
export function serveSigned<T>(
  nc: NatsConnection,
  subject: string,
  verifier: BusVerifier,
  log: FastifyBaseLogger,
  handle: (value: T, msg: Msg) => void,
): void {
  nc.subscribe(subject, {
    queue: CORE_QUEUE,
    callback: (_err, msg) => {
      let data: unknown = null;
      try {
        data = decodeJson<unknown>(msg.data);
      } catch {
        // Not JSON: unsigned.
      }
      const verified = verifier.verify<T>(subject, data);
      if (!verified.ok) {
        log.warn({ subject, refused: verified.reason }, 'a request on the broker refused');
        if (msg.reply) msg.respond(encodeJson({ refused: verified.reason } satisfies BusRefused));
        return;
      }
      handle(verified.value, msg);
    },
  });
}
