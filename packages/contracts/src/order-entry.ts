import { z } from 'zod';
import type { ErrorCode } from './errors.js';
import { clientOrderIdSchema, placeOrderRequestSchema, type OrderDto } from './orders.js';

/**
 * WebSocket order entry for API keys: a GET of ORDER_ENTRY_PATH upgraded to a WebSocket, signed
 * once like any key request (the X-API-* headers over `signingPayload(timestamp, 'GET', path,
 * query, '')`, scope `trade`). `?order_updates=true` also pushes the owner's order updates.
 * Then JSON text frames: the client sends `OrderEntryRequest`s and the server answers each with
 * an `OrderEntryAnswer` carrying the request's `id`, in the order the requests arrived.
 */
export const ORDER_ENTRY_PATH = '/api/v1/ws/trade';

/** The query parameter that subscribes a connection to its owner's `order_update`s. */
export const ORDER_ENTRY_ORDER_UPDATES = 'order_updates';

/** The largest message a client may send; an order is a few hundred bytes. */
export const ORDER_ENTRY_MAX_MESSAGE_BYTES = 4_096;

/**
 * The most calls one connection may have sent and not yet had answered. Each waits in the
 * server's memory until its turn to answer, so without a cap a program could pipeline calls
 * without end. 100 is well above what a program needs to keep the writer busy (a batch commits
 * every 1-2 ms; the demo market maker sends at most a pair's ladder, 2 x 15 quotes and their
 * cancels, at once) and matches the 100 orders `POST /orders/spot/cancel` takes in one request.
 * A call past it is answered at once with 429 `RATE_LIMITED`, ahead of the answers still due,
 * and nothing runs for it.
 */
export const ORDER_ENTRY_MAX_IN_FLIGHT = 100;

/**
 * The most answers and updates a connection may leave unread in the server's memory, in bytes.
 * The cap on calls in flight bounds what waits to be answered, not what was answered: a client
 * that sends but never reads would have the server hold every answer. Past it the server reads
 * none of the connection's calls until the client has read what it was sent (TCP backpressure:
 * the client's own sends then wait), and a client that reads nothing misses the next ping and is
 * ended. A program that reads is never held long (100 answers are some 50 KB).
 */
export const ORDER_ENTRY_MAX_UNREAD_BYTES = 4 * 1024 * 1024;

export const ORDER_ENTRY_METHODS = ['place', 'cancel', 'cancel_all'] as const;
export type OrderEntryMethod = (typeof ORDER_ENTRY_METHODS)[number];

export const ORDER_ENTRY_MESSAGES = {
  notJson: 'Send JSON text messages: { "id", "method", "params" }',
  id: 'id must be a string of at most 64 characters or a number',
  method: `method must be ${ORDER_ENTRY_METHODS.join(', ')}`,
  cancelTarget: 'Give order_id or client_order_id',
  inFlight: `At most ${ORDER_ENTRY_MAX_IN_FLIGHT} calls in flight on a connection: wait for answers before sending more`,
} as const;

const M = ORDER_ENTRY_MESSAGES;

/** The client's name for a request, echoed in its answer. */
export const orderEntryIdSchema = z.union([z.string().max(64), z.number().finite()], {
  error: M.id,
});
export type OrderEntryId = z.infer<typeof orderEntryIdSchema>;

/** Cancel by our order id or by the client's. */
export const orderEntryCancelSchema = z.union(
  [z.object({ order_id: z.string().max(20) }), z.object({ client_order_id: clientOrderIdSchema })],
  { error: M.cancelTarget },
);
export type OrderEntryCancel = z.infer<typeof orderEntryCancelSchema>;

/** Every open order of the user, or of one pair. */
export const orderEntryCancelAllSchema = z.object({ symbol: z.string().trim().min(1).optional() });

/** One request: `params` as the HTTP call takes its body (place: `POST /orders/spot`'s). */
export const orderEntryRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({
      id: orderEntryIdSchema,
      method: z.literal('place'),
      params: placeOrderRequestSchema,
    }),
    z.object({
      id: orderEntryIdSchema,
      method: z.literal('cancel'),
      params: orderEntryCancelSchema,
    }),
    z.object({
      id: orderEntryIdSchema,
      method: z.literal('cancel_all'),
      params: orderEntryCancelAllSchema.default({}),
    }),
  ],
  { error: M.method },
);
export type OrderEntryRequest = z.input<typeof orderEntryRequestSchema>;

/** What each method answers: the order as HTTP answers it; cancel_all the orders cancelled. */
export interface OrderEntryData {
  place: OrderDto;
  cancel: OrderDto;
  cancel_all: OrderDto[];
}

/**
 * The answer to one request, `id` as sent (null when the message had none usable): the data,
 * or the refusal as an HTTP call would answer it (status and code from ERROR_STATUS).
 */
export type OrderEntryAnswer<T = unknown> =
  | { id: OrderEntryId | null; ok: true; data: T }
  | { id: OrderEntryId | null; ok: false; status: number; code: ErrorCode; message: string };

/** Pushed to connections opened with `order_updates=true`: one of the owner's orders changed. */
export interface OrderEntryOrderUpdate {
  event: 'order_update';
  data: OrderDto;
  /** When the server sent it, epoch milliseconds. */
  ts: number;
}

/** Every message the server sends. */
export type OrderEntryServerMessage = OrderEntryAnswer | OrderEntryOrderUpdate;
