import type { NatsConnection } from 'nats';
import type { Metrics } from '../lib/metrics.js';
import { onRelink, type BusRequester, type Subjects } from './bus.js';
import {
  afterPing,
  INITIAL_LIVENESS,
  LOST_AFTER_MS,
  PING_MS,
  type PingOutcome,
} from './core-liveness.js';
import type { PingAnswer } from './events.js';

/** How stale the last answer may be for a gateway to call itself ready. */
const CORE_SEEN_WITHIN_MS = 3000;

/** A call the core will not answer: its core was lost while it waited (`core-liveness.ts`). */
export class CoreLost extends Error {
  constructor() {
    super('the core was lost while this call waited');
  }
}

const outcomeOf = (err: unknown): PingOutcome =>
  (err as { code?: unknown }).code === '503' ? { kind: 'noResponders' } : { kind: 'timeout' };

/**
 * A gateway's watch on its core: pings it every `PING_MS` (whether it is there, which symbols the
 * feed may follow) and, when it judges the core gone (`afterPing`), fails every call waiting on
 * it at once with `CoreLost`, so that callers hear 503 within about a second of the core's death.
 * `requester` wraps the gateway's requests so each one waits only as long as its core lives.
 */
export function watchCore(
  nc: NatsConnection,
  bus: BusRequester,
  subjects: Subjects,
  metrics: Metrics,
  pairsChanged: () => void,
) {
  let liveness = INITIAL_LIVENESS;
  const waiting = new Set<(err: Error) => void>();
  const symbols = new Set<string>();
  const failWaiting = () => {
    const failing = [...waiting];
    waiting.clear();
    for (const fail of failing) fail(new CoreLost());
  };
  const judge = (outcome: PingOutcome) => {
    const next = afterPing(liveness, outcome, Date.now());
    liveness = next.state;
    if (next.failWaiting) failWaiting();
  };
  // The gateway's own link came back: the replies to its calls in flight went to the old one.
  onRelink(nc, failWaiting);
  const ping = () => {
    bus.request<PingAnswer>(subjects.ping, {}, LOST_AFTER_MS).then(
      (answer) => {
        judge({ kind: 'answer', epoch: answer.epoch, links: answer.links });
        const now = answer.symbols;
        const changed = now.length !== symbols.size || now.some((s) => !symbols.has(s));
        symbols.clear();
        for (const s of now) symbols.add(s);
        if (changed) pairsChanged();
      },
      (err: unknown) => judge(outcomeOf(err)),
    );
  };
  ping();
  const timer = setInterval(ping, PING_MS);
  const seenWithin = (ms: number) => Date.now() - liveness.seenAt < ms;
  metrics.gauge(
    'exchange_gateway_core_reachable',
    'Whether a core answered within 3 s (1) or not (0)',
    () => (seenWithin(CORE_SEEN_WITHIN_MS) ? 1 : 0),
  );
  // A standby reports each second while it follows the tables (standby-follower.ts).
  let standbyAt = 0;
  nc.subscribe(subjects.standby, { callback: () => (standbyAt = Date.now()) });
  metrics.gauge(
    'exchange_gateway_standby_ready',
    'Whether a standby core reported within 3 s that it follows the tables (1) or not (0)',
    () => (Date.now() - standbyAt < CORE_SEEN_WITHIN_MS ? 1 : 0),
  );
  const requester: BusRequester = {
    request: <T>(subject: string, value: unknown, timeout: number) =>
      new Promise<T>((resolve, reject) => {
        const fail = (err: Error) => reject(err);
        waiting.add(fail);
        bus
          .request<T>(subject, value, timeout)
          .then(resolve, reject)
          .finally(() => waiting.delete(fail));
      }),
  };
  return {
    symbols,
    ready: () => seenWithin(CORE_SEEN_WITHIN_MS),
    requester,
    stop: () => clearInterval(timer),
  };
}
