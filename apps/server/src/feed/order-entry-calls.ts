import {
  ORDER_ENTRY_MAX_IN_FLIGHT,
  ORDER_ENTRY_MESSAGES,
  orderEntryIdSchema,
  orderEntryRequestSchema,
  type OrderDto,
  type OrderEntryAnswer,
  type OrderEntryId,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { AppError, refusedItem } from '../lib/app-error.js';
import { toOrderDto } from '../modules/orders/dto.js';
import {
  cancelByClientId,
  cancelUserOrder,
  startCancelAll,
  startOrder,
  type Submitted,
} from '../modules/orders/service.js';
import type { EntryConnection } from './entry-connection.js';

export type OrderEntryRequest = z.output<typeof orderEntryRequestSchema>;
type Request = OrderEntryRequest;

/**
 * Starts one call (checked and handed to the writer): `startCall` in the process that writes;
 * a gateway's hands it to the core over the broker (`cluster/gateway-entry.ts`).
 */
export type CallStarter = (
  userId: string,
  request: Request,
) => Promise<Submitted<OrderDto | OrderDto[]>> | Submitted<OrderDto | OrderDto[]>;

/** A message read: the request, or why it is refused; `id` as sent, if usable. */
type Read = { id: OrderEntryId | null } & ({ request: Request } | { refusal: AppError });

/**
 * One connection's calls. Each call is started (checked and handed to the writer) only after the
 * previous one was, so the writer sees them in arrival order, and answered only after the
 * previous one was answered, so answers keep that order too; neither waits for the previous
 * call's commit, so a client may keep calls in flight, up to ORDER_ENTRY_MAX_IN_FLIGHT: each
 * message waits in memory until it is answered, so one past the cap is refused at once (429),
 * unread and ahead of the answers still due. A message that is not a call (malformed, unknown
 * method, over the rate limit) is answered in its turn with the refusal, and the connection
 * stays. `allow` counts a call against the client address's rate limit. Each answer is counted
 * with its time from arrival (metrics: `exchange_ws_order_entry_*`).
 */
export function serveCalls(
  ctx: AppContext,
  log: FastifyBaseLogger,
  connection: EntryConnection,
  allow: () => AppError | null,
  starter: CallStarter = (userId, request) => startCall(ctx, userId, request),
): void {
  const { userId } = connection.owner;
  let started: Promise<unknown> = Promise.resolve();
  let answered: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  connection.ws.on('message', (data: RawData, isBinary: boolean) => {
    if (connection.closing) return;
    if (inFlight >= ORDER_ENTRY_MAX_IN_FLIGHT) {
      const refused = refusedItem(new AppError('RATE_LIMITED', ORDER_ENTRY_MESSAGES.inFlight));
      connection.send({ id: idOf(data), ok: false, ...refused });
      ctx.metrics.entryCall('unread', refused.status, 0);
      return;
    }
    inFlight++;
    const arrived = performance.now();
    const refusal = allow();
    const read: Read = refusal ? { id: idOf(data), refusal } : readRequest(data, isBinary);
    let began: Promise<Submitted<OrderDto | OrderDto[]>>;
    if ('refusal' in read) began = Promise.reject(read.refusal);
    else {
      began = started.then(() => starter(userId, read.request));
      started = began.catch(() => undefined);
    }
    // Settled into an answer at once (a refusal never goes unhandled), sent in turn.
    const answer = began
      .then((s) => s.done)
      .then(
        (result): OrderEntryAnswer => ({ id: read.id, ok: true, data: result }),
        (err: unknown): OrderEntryAnswer => {
          const refused = refusedItem(err);
          if (refused.status >= 500) log.error({ err }, 'order entry call failed');
          return { id: read.id, ok: false, ...refused };
        },
      );
    answered = answered
      .then(() => answer)
      .then((a) => {
        inFlight--;
        connection.send(a);
        const method = 'request' in read ? read.request.method : 'invalid';
        ctx.metrics.entryCall(method, a.ok ? 200 : a.status, (performance.now() - arrived) / 1000);
      });
  });
}

/** Starts a call here, through the same service functions as HTTP. */
export function startCall(
  ctx: AppContext,
  userId: string,
  request: Request,
): Promise<Submitted<OrderDto | OrderDto[]>> | Submitted<OrderDto | OrderDto[]> {
  switch (request.method) {
    case 'place':
      return startOrder(ctx, userId, request.params).then(({ done }) => ({
        done: done.then(toOrderDto),
      }));
    case 'cancel': {
      const target = request.params;
      const done =
        'order_id' in target
          ? cancelUserOrder(ctx, userId, target.order_id)
          : cancelByClientId(ctx, userId, target.client_order_id);
      return { done: done.then(toOrderDto) };
    }
    case 'cancel_all': {
      const { done } = startCancelAll(ctx, userId, request.params.symbol);
      return { done: done.then((orders) => orders.map(toOrderDto)) };
    }
  }
}

/** A text frame's JSON as a request, or the refusal its answer carries. */
function readRequest(data: RawData, isBinary: boolean): Read {
  const message = isBinary ? undefined : parseJson(data);
  if (message === undefined)
    return { id: null, refusal: new AppError('VALIDATION_ERROR', ORDER_ENTRY_MESSAGES.notJson) };
  const parsed = orderEntryRequestSchema.safeParse(message);
  if (parsed.success) return { id: parsed.data.id, request: parsed.data };
  const text = parsed.error.issues[0]?.message ?? ORDER_ENTRY_MESSAGES.notJson;
  return { id: idIn(message), refusal: new AppError('VALIDATION_ERROR', text) };
}

function parseJson(data: RawData): unknown {
  try {
    return JSON.parse(String(data)) as unknown;
  } catch {
    return undefined;
  }
}

/** The message's id, if it has a usable one. */
function idIn(message: unknown): OrderEntryId | null {
  if (typeof message !== 'object' || message === null) return null;
  const id = orderEntryIdSchema.safeParse((message as { id?: unknown }).id);
  return id.success ? id.data : null;
}

/** The id of a message refused unread (over a limit), if it is JSON with one. */
function idOf(data: RawData): OrderEntryId | null {
  return idIn(parseJson(data));
}
