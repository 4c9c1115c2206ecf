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

/** The server sends the owner's order and balance updates here too (as on the main feed). */
export interface OrderEntryServerEvents {
  order_update: (payload: { data: OrderDto; ts?: number }) => void;
}
