import type { ErrorCode } from './errors.js';
import type { OrderDto, PlaceOrderRequest } from './orders.js';

/**
 * WebSocket order entry: Socket.IO namespace ORDER_ENTRY_NAMESPACE (`/trade`) on the API's
 * socket path. A client connects with `auth: { key, timestamp, signature }`, signing
 * `signingPayload(timestamp, 'WS', '/trade', '', '')` with the key's secret (scope `trade`),
 * then sends these events, each with an acknowledgement. Acknowledgements come in the order the
 * events were sent.
 */
export type OrderEntryAck<T> =
  { ok: true; data: T } | { ok: false; status: number; code: ErrorCode; message: string };

export interface OrderEntryAuth {
  key: string;
  timestamp: string;
  signature: string;
  /** true: the socket also receives the owner's `order_update`s (fills of resting orders). */
  order_updates?: boolean;
}

/** Cancel by our order id or by the client's. */
export type OrderEntryCancel = { order_id: string } | { client_order_id: string };

export interface OrderEntryClientEvents {
  place: (order: PlaceOrderRequest, ack: (result: OrderEntryAck<OrderDto>) => void) => void;
  cancel: (target: OrderEntryCancel, ack: (result: OrderEntryAck<OrderDto>) => void) => void;
  /** Every open order of the user, or of one pair; answers the orders cancelled. */
  cancel_all: (
    scope: { symbol?: string },
    ack: (result: OrderEntryAck<OrderDto[]>) => void,
  ) => void;
}

/** With `order_updates: true` at connect, the owner's order updates (as on the main feed). */
export interface OrderEntryServerEvents {
  order_update: (payload: { data: OrderDto; ts?: number }) => void;
}
