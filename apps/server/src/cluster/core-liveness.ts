/**
 * Whether a gateway's core is there, from its pings (every `PING_MS`): the rule that lets a
 * gateway answer its callers within about a second of a core's death instead of waiting out
 * CORE_TIMEOUT_MS (issue 50).
 * - An answer: the core is there. One from a new epoch, while the last core was not judged lost,
 *   is another core: the calls still waiting may have gone to the last one, which will never
 *   answer them (once it was judged lost, its calls failed then, and those waiting went here).
 * - An answer from the same core whose broker link came back since (`links` changed: the broker
 *   node it used died): the replies to calls sent over the old link are lost; they fail now.
 * - The broker's "no responders" (no core subscribed: killed, or a standby not serving yet):
 *   the core is gone at once; the broker saw its connection close.
 * - No answer in time: gone once no answer came for `LOST_AFTER_MS` (a core alive but stuck).
 * Whenever the core is judged gone, every call still waiting on it is answered 503 now.
 */
export const PING_MS = 250;
export const LOST_AFTER_MS = 1000;

export interface Liveness {
  /** When a core last answered (ms), 0 never. */
  seenAt: number;
  /** The epoch of the core that answered last. */
  epoch: string | null;
  /** Whether the core is judged gone now. */
  lost: boolean;
  /** The core's count of broker links at its last answer. */
  links: number;
}

export type PingOutcome =
  { kind: 'answer'; epoch: string; links: number } | { kind: 'noResponders' } | { kind: 'timeout' };

export const INITIAL_LIVENESS: Liveness = { seenAt: 0, epoch: null, lost: true, links: 0 };

/** The next state after a ping's outcome at `now`, and whether the waiting calls fail now. */
export function afterPing(
  state: Liveness,
  outcome: PingOutcome,
  now: number,
): { state: Liveness; failWaiting: boolean } {
  if (outcome.kind === 'answer') {
    // Once the last core was judged lost, its calls have failed: those waiting went to this one.
    const newCore = state.epoch !== null && outcome.epoch !== state.epoch && !state.lost;
    const relinked = outcome.epoch === state.epoch && outcome.links !== state.links;
    return {
      state: { seenAt: now, epoch: outcome.epoch, lost: false, links: outcome.links },
      failWaiting: newCore || (relinked && !state.lost),
    };
  }
  const lost = outcome.kind === 'noResponders' || now - state.seenAt >= LOST_AFTER_MS;
  return { state: { ...state, lost: state.lost || lost }, failWaiting: lost };
}

/** Seconds a client should wait before retrying a call a lost core left unanswered. */
export const RETRY_AFTER_SECONDS = 1;
