import { IDEMPOTENCY_KEY_TTL_HOURS, IDEMPOTENCY_MESSAGES as M } from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';
import type { CoreState } from './core-state.js';
import type { Command } from './sequencer.js';

export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/** A money call named by its caller's `Idempotency-Key`. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  /** The request's digest (method, route, body): the same key must name the same request. */
  fingerprint: string;
}

/** An HTTP answer as it is sent, kept to be sent again. */
export interface StoredReply {
  status: number;
  /** The answer's JSON text. */
  body: string;
}

export interface IdempotentAnswer extends IdempotencyClaim, StoredReply {
  createdAt: Date;
}

/** A claim, and how the command's result becomes the answer the route sends. */
export interface Idempotency<T> {
  claim: IdempotencyClaim;
  answer(value: T): StoredReply;
}

/** The claim, answering what `inner` makes of the command's result (a service's DTO mapping). */
export function adaptIdempotency<T, U>(
  idempotency: Idempotency<U> | null,
  inner: (value: T) => U,
): Idempotency<T> | null {
  return idempotency && { claim: idempotency.claim, answer: (v) => idempotency.answer(inner(v)) };
}

const claimId = (claim: IdempotencyClaim) => `${claim.userId}\n${claim.key}`;

/** The keys this core has claimed, by user and key: what a second call with the same key meets. */
export class IdempotencyClaims {
  private readonly claims = new Map<string, { fingerprint: string; at: number }>();

  /**
   * Refuses a key another call of this process already claimed (in memory: the first call may
   * not be committed yet): the same request, 409 while it is on its way (the route answers the
   * stored answer once it is committed); a different one, 422.
   */
  check(claim: IdempotencyClaim, now: Date): void {
    this.forgetBefore(now.getTime() - IDEMPOTENCY_TTL_MS);
    const held = this.claims.get(claimId(claim));
    if (!held) return;
    if (held.fingerprint !== claim.fingerprint)
      throw new AppError('IDEMPOTENCY_KEY_REUSED', M.reused);
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', M.inUse);
  }

  /** Claimed in the map given (the state's, through the unit of work so a refusal undoes it). */
  get map(): Map<string, { fingerprint: string; at: number }> {
    return this.claims;
  }

  /** Claims are added in time order: the oldest go first. */
  private forgetBefore(cutoff: number): void {
    for (const [id, held] of this.claims) {
      if (held.at >= cutoff) return;
      this.claims.delete(id);
    }
  }
}

/**
 * The command, with its caller's idempotency key: refused if the key is taken (above); else it
 * runs, and its answer is kept with the batch, so the answer is written in the same transaction
 * as the command's effects. A refused command keeps nothing (its claim is undone with it), and a
 * retry runs again. Without a key, the command as it is.
 */
export function idempotent<T>(command: Command<T>, idempotency: Idempotency<T> | null): Command<T> {
  if (!idempotency) return command;
  const { claim } = idempotency;
  return (state: CoreState, work) => {
    state.idempotency.check(claim, work.now);
    const value = command(state, work);
    const id = claimId(claim);
    work.setEntry(state.idempotency.map, id, {
      fingerprint: claim.fingerprint,
      at: work.now.getTime(),
    });
    work.saveAnswer(id, { ...claim, ...idempotency.answer(value), createdAt: work.now });
    return value;
  };
}
