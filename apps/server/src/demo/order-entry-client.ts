import {
  API_KEY_HEADERS,
  ORDER_ENTRY_ORDER_UPDATES,
  ORDER_ENTRY_PATH,
  signingPayload,
  type OrderEntryAnswer,
  type OrderEntryData,
  type OrderEntryMethod,
  type OrderEntryOrderUpdate,
  type OrderEntryRequest,
  type OrderEntryServerMessage,
} from '@exchange/contracts';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { corkPerTurn } from '../lib/cork-per-turn.js';
import { signPayload } from '../lib/request-signature.js';

export interface ApiCredentials {
  apiKey: string;
  secret: string;
}

export interface ConnectOptions {
  /** Ask for the owner's order updates (`order_updates=true`). */
  orderUpdates?: boolean;
  /** The clock the signature's timestamp is read from (epoch milliseconds). */
  now?: () => number;
}

type ParamsOf<M extends OrderEntryMethod> = Extract<OrderEntryRequest, { method: M }>['params'];

/** The server refused the upgrade: its HTTP status and the API error's code and message. */
export class OrderEntryRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OrderEntryRefused';
  }
}

/**
 * A trading program's connection to WebSocket order entry, as any outside program would hold
 * it: a `ws` client to ORDER_ENTRY_PATH, the upgrade signed with an API key. Calls may be kept
 * in flight; each resolves with its answer, matched by id. What is sent in one event-loop turn
 * leaves in one write (the TCP socket is corked for the turn). Calls in flight when the
 * connection closes are rejected: their answers will never come.
 */
export class OrderEntryClient {
  private readonly pending = new Map<number, Pending>();
  private readonly updateListeners = new Set<(update: OrderEntryOrderUpdate) => void>();
  private nextId = 1;
  /** Called before each write: the turn's calls leave together. */
  private readonly cork: () => void;
  /** Resolves with the close code and reason once the connection is closed. */
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    private readonly ws: WebSocket,
    tcp: Socket,
  ) {
    this.cork = corkPerTurn(tcp);
    ws.on('message', (data) => this.receive(JSON.parse(String(data)) as OrderEntryServerMessage));
    // An error ends the connection; 'close' follows and rejects the calls in flight.
    ws.on('error', () => ws.terminate());
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        for (const { reject } of this.pending.values()) reject(closedError());
        this.pending.clear();
        resolve({ code, reason: String(reason) });
      }),
    );
  }

  /** Connects and resolves once signed in; rejects with `OrderEntryRefused` if refused. */
  static connect(
    url: string,
    credentials: ApiCredentials,
    options: ConnectOptions = {},
  ): Promise<OrderEntryClient> {
    const query = options.orderUpdates ? `${ORDER_ENTRY_ORDER_UPDATES}=true` : '';
    const timestamp = String((options.now ?? Date.now)());
    const payload = signingPayload(timestamp, 'GET', ORDER_ENTRY_PATH, query, '');
    const target = `${url.replace(/^http/, 'ws')}${ORDER_ENTRY_PATH}${query && `?${query}`}`;
    const ws = new WebSocket(target, {
      headers: {
        [API_KEY_HEADERS.key]: credentials.apiKey,
        [API_KEY_HEADERS.timestamp]: timestamp,
        [API_KEY_HEADERS.signature]: signPayload(credentials.secret, payload),
      },
      perMessageDeflate: false,
    });
    return new Promise((resolve, reject) => {
      ws.once('upgrade', (response) =>
        ws.once('open', () => resolve(new OrderEntryClient(ws, response.socket))),
      );
      ws.once('unexpected-response', (request, response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.once('end', () => {
          const error = parseError(body);
          reject(new OrderEntryRefused(response.statusCode ?? 0, error.code, error.message));
          request.destroy();
        });
      });
      ws.once('error', reject);
    });
  }

  /** Sends a call; resolves with its answer (a refusal is an answer, not a rejection). */
  call<M extends OrderEntryMethod>(
    method: M,
    params: ParamsOf<M>,
  ): Promise<OrderEntryAnswer<OrderEntryData[M]>> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.reject(closedError());
    const id = this.nextId++;
    this.cork();
    this.ws.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) =>
      this.pending.set(id, {
        resolve: (answer) => resolve(answer as OrderEntryAnswer<OrderEntryData[M]>),
        reject,
      }),
    );
  }

  place(order: ParamsOf<'place'>) {
    return this.call('place', order);
  }

  cancel(target: ParamsOf<'cancel'>) {
    return this.call('cancel', target);
  }

  cancelAll(scope: ParamsOf<'cancel_all'> = {}) {
    return this.call('cancel_all', scope);
  }

  /** Listens to the owner's order updates (connected with `orderUpdates`). */
  onOrderUpdate(listener: (update: OrderEntryOrderUpdate) => void): void {
    this.updateListeners.add(listener);
  }

  close(): void {
    this.ws.close();
  }

  private receive(message: OrderEntryServerMessage): void {
    if ('event' in message) {
      for (const listener of this.updateListeners) listener(message);
      return;
    }
    if (typeof message.id !== 'number') return;
    this.pending.get(message.id)?.resolve(message);
    this.pending.delete(message.id);
  }
}

interface Pending {
  resolve(answer: OrderEntryAnswer): void;
  reject(err: Error): void;
}

const closedError = () => new Error('order entry connection closed');

function parseError(body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return { code: String(parsed.code), message: String(parsed.message) };
  } catch {
    return { code: 'UNKNOWN', message: body };
  }
}
