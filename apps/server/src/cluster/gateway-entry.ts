import { randomUUID } from 'node:crypto';
import {
  ORDER_ENTRY_MESSAGES,
  orderEntryRequestSchema,
  UNAVAILABLE_MESSAGE,
  type OrderDto,
} from '@exchange/contracts';
import type { FastifyInstance } from 'fastify';
import type { Msg, NatsConnection } from 'nats';
import type { BusVerifier } from './bus-signature.js';
import type { EntryConnection } from '../feed/entry-connection.js';
import { startCall, type CallStarter, type OrderEntryRequest } from '../feed/order-entry-calls.js';
import { AppError, refusedItem, type Refused } from '../lib/app-error.js';
import { encodeJson, serveSigned, type BusRequester, type Subjects } from './bus.js';

/** A WebSocket order-entry call as a gateway hands it to the core. */
interface EntryCall {
  /** The gateway's connection: its calls start in the order they were sent. */
  connection: string;
  userId: string;
  request: OrderEntryRequest;
}

type EntryAnswer = { ok: true; data: OrderDto | OrderDto[] } | ({ ok: false } & Refused);

/**
 * A gateway's order-entry calls (the connection, its sign-in, rate limit and answers are the
 * gateway's, `feed/order-entry.ts`): each call is handed to the core over the broker at once and
 * answered when the core answers, after the commit; none within `timeoutMs` is 503 "Please try
 * again" (it may have been placed: the client order id finds it). The broker keeps one
 * gateway's messages in order and the core starts each connection's calls in that order.
 */
export function remoteCalls(
  bus: BusRequester,
  subjects: Subjects,
  timeoutMs: number,
): (connection: EntryConnection) => CallStarter {
  return () => {
    const connection = randomUUID();
    return (userId, request) => {
      const call: EntryCall = { connection, userId, request };
      const done = bus
        .request<EntryAnswer>(subjects.entry, call, timeoutMs)
        .catch(() => {
          throw new AppError('UNAVAILABLE', UNAVAILABLE_MESSAGE);
        })
        .then((answer) => {
          if (answer.ok) return answer.data;
          throw new AppError(answer.code, answer.message);
        });
      return { done };
    };
  };
}

/**
 * The core's side: runs each call a gateway handed over through the same service functions as its
 * own connections (`startCall`), each connection's calls started one after another in arrival
 * order, and answers after the commit.
 */
export function serveEntryCalls(
  app: FastifyInstance,
  nc: NatsConnection,
  verifier: BusVerifier,
  subjects: Subjects,
) {
  const chains = new Map<string, Promise<unknown>>();
  const reply = (msg: Msg, answer: EntryAnswer) => {
    if (msg.reply) msg.respond(encodeJson(answer));
  };
  // Only a call a gateway signed: its user id is the one the gateway signed in (review N4-H4).
  serveSigned<EntryCall>(nc, subjects.entry, verifier, app.log, (call, msg) => {
    const parsed = orderEntryRequestSchema.safeParse(call.request);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? ORDER_ENTRY_MESSAGES.notJson;
      return reply(msg, { ok: false, ...refusedItem(new AppError('VALIDATION_ERROR', message)) });
    }
    const previous = chains.get(call.connection) ?? Promise.resolve();
    const began = previous.then(() => startCall(app.ctx, call.userId, parsed.data));
    const settled = began.then(
      () => undefined,
      () => undefined,
    );
    chains.set(call.connection, settled);
    void settled.then(() => {
      if (chains.get(call.connection) === settled) chains.delete(call.connection);
    });
    began
      .then((s) => s.done)
      .then(
        (data) => reply(msg, { ok: true, data }),
        (err: unknown) => {
          const refused = refusedItem(err);
          if (refused.status >= 500) app.log.error({ err }, 'order entry call failed');
          reply(msg, { ok: false, ...refused });
        },
      );
  });
}
