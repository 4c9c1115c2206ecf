import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES as M,
} from '@exchange/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  IDEMPOTENCY_TTL_MS,
  type Idempotency,
  type IdempotencyClaim,
} from '../../core/idempotency.js';
import { AppError } from '../../lib/app-error.js';
import { authOf } from '../../lib/request-auth.js';
import { findAnswer, purgeAnswers, type StoredAnswerRow } from './repository.js';

/** The API docs' note on every route that takes a key. */
export const IDEMPOTENCY_DOC =
  'Safe to retry: send an `Idempotency-Key` header (1 to 255 visible characters, a UUID for example). ' +
  "The first answer is kept 24 hours with the call's effect; a retry with the same key and the same request " +
  'gets it again (`Idempotent-Replayed: true`) and moves nothing twice; the same key with another request is ' +
  '422 `IDEMPOTENCY_KEY_REUSED`; while the first is still being committed, 409 `IDEMPOTENCY_KEY_IN_USE`.';

/** Set on an answer sent again for a retried key. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** The claims of requests that passed `checkIdempotencyKey`, for their handlers. */
const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();

const since = (ctx: AppContext) => new Date(ctx.now().getTime() - IDEMPOTENCY_TTL_MS);

/** The request's digest: the same key must come with the same method, URL and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** Sends the kept answer again, if the retry is the same request; 422 if it is another. */
function replay(reply: FastifyReply, claim: IdempotencyClaim, stored: StoredAnswerRow) {
  if (stored.fingerprint !== claim.fingerprint)
    throw new AppError('IDEMPOTENCY_KEY_REUSED', M.reused);
  return reply
    .code(stored.status)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(stored.body);
}

/**
 * A money route's preHandler (after sign-in and the body's validation, before any check that
 * spends something, such as a second factor's code): a request with an `Idempotency-Key` whose
 * answer is kept (24 hours) gets that answer again, marked `Idempotent-Replayed: true`, and
 * nothing runs; the same key with another request is 422. A key not seen goes on to the handler
 * (`answerOnce`).
 */
export function checkIdempotencyKey(ctx: AppContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new AppError('VALIDATION_ERROR', M.invalid, {
        errors: { 'Idempotency-Key': M.invalid },
      });
    const claim = { userId: authOf(request).userId, key, fingerprint: fingerprintOf(request) };
    const stored = await findAnswer(ctx.db, claim.userId, key, since(ctx));
    if (stored) return replay(reply, claim, stored);
    claims.set(request, claim);
  };
}

/**
 * Runs a money call once per idempotency key. `call` gets the request's claim (null without a
 * key) for the core's command (`idempotent`), which keeps the answer `respond` makes of the
 * result in the same transaction as the call's effect. When the call fails and an answer was
 * meanwhile kept for the key (a retry that overtook its first request's commit, or met a check
 * the first request had already spent), that answer is sent instead.
 */
export async function answerOnce<T, B>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  respond: (value: T) => { status: number; body: B },
  call: (idempotency: Idempotency<T> | null) => Promise<T>,
): Promise<B | FastifyReply> {
  const claim = claims.get(request) ?? null;
  const idempotency: Idempotency<T> | null = claim && {
    claim,
    answer: (value) => {
      const { status, body } = respond(value);
      return { status, body: JSON.stringify(body) };
    },
  };
  try {
    const { status, body } = respond(await call(idempotency));
    void reply.code(status);
    return body;
  } catch (err) {
    if (!claim) throw err;
    const stored = await findAnswer(ctx.db, claim.userId, claim.key, since(ctx));
    if (!stored) throw err;
    return replay(reply, claim, stored);
  }
}

/** The hourly purge's part: answers past their 24 hours. */
export const purgeIdempotencyKeys = (ctx: AppContext) => purgeAnswers(ctx.db, since(ctx));
