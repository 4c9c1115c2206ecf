import {
  ORDER_ENTRY_NAMESPACE,
  signingPayload,
  type OrderDto,
  type OrderEntryAck,
  type OrderEntryClientEvents,
  type OrderEntryServerEvents,
  type PlaceOrderRequest,
} from '@exchange/contracts';
import { io, type Socket } from 'socket.io-client';
import { signPayload } from '../lib/request-signature.js';

/** How long a call may wait for its acknowledgement (through a reconnect, say). */
const ACK_TIMEOUT_MS = 15_000;

export interface ApiCredentials {
  apiKey: string;
  secret: string;
}

/**
 * A trading program's connection to WebSocket order entry, as any outside program would hold
 * it: socket.io-client to `<url>/trade`, signed with an API key when it connects.
 */
export class OrderEntryClient {
  /** Rejects the calls in flight when the connection drops: their answers will never come. */
  private readonly pending = new Set<(err: Error) => void>();

  private constructor(
    private readonly socket: Socket<OrderEntryServerEvents, OrderEntryClientEvents>,
  ) {
    socket.on('disconnect', (reason) => {
      for (const reject of this.pending) reject(new Error(`order entry disconnected: ${reason}`));
      this.pending.clear();
    });
  }

  /** Connects and resolves once signed in; rejects with the server's reason if refused. */
  static connect(url: string, credentials: ApiCredentials): Promise<OrderEntryClient> {
    const socket: Socket<OrderEntryServerEvents, OrderEntryClientEvents> = io(
      `${url}${ORDER_ENTRY_NAMESPACE}`,
      {
        transports: ['websocket'],
        // In the server's own process a dropped connection means the server is closing.
        reconnection: false,
        auth: (send) => {
          const timestamp = String(Date.now());
          const payload = signingPayload(timestamp, 'WS', ORDER_ENTRY_NAMESPACE, '', '');
          send({
            key: credentials.apiKey,
            timestamp,
            signature: signPayload(credentials.secret, payload),
          });
        },
      },
    );
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(new OrderEntryClient(socket)));
      socket.once('connect_error', (err) => {
        socket.disconnect();
        reject(err);
      });
    });
  }

  place(order: PlaceOrderRequest): Promise<OrderEntryAck<OrderDto>> {
    return this.call(this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('place', order));
  }

  cancel(orderId: number): Promise<OrderEntryAck<OrderDto>> {
    const target = { order_id: String(orderId) };
    return this.call(this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('cancel', target));
  }

  private call<T>(answer: Promise<T>): Promise<T> {
    let reject: (err: Error) => void = () => {};
    const dropped = new Promise<never>((_, r) => (reject = r));
    this.pending.add(reject);
    return Promise.race([answer, dropped]).finally(() => this.pending.delete(reject));
  }

  close(): void {
    this.socket.disconnect();
  }
}
