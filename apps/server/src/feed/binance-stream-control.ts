import type { ListenKey } from '../modules/binance/listen-keys.js';
import { propertyFrame, type ControlAnswer } from '../modules/binance/stream-properties.js';
import type { StreamConnection, StreamHub } from './binance-stream-hub.js';
import type { UserStreams } from './binance-user-streams.js';

/** Follows a stream name on a connection; false when it names nothing served here. */
export type Follow = (c: StreamConnection, name: string, keys: Map<string, ListenKey>) => boolean;

const METHODS = 'SUBSCRIBE, UNSUBSCRIBE, LIST_SUBSCRIPTIONS, SET_PROPERTY, GET_PROPERTY';

/**
 * The control frames of Binance's market streams, answered as Binance words them: `SUBSCRIBE`
 * (its listen keys looked up first; an unknown stream refused with code 2), `UNSUBSCRIBE`,
 * `LIST_SUBSCRIPTIONS`, and `SET_PROPERTY` / `GET_PROPERTY` of `combined` (`stream-properties.ts`).
 */
export function streamControl(hub: StreamHub, users: UserStreams, follow: Follow) {
  return async (c: StreamConnection, text: string): Promise<ControlAnswer> => {
    let frame: { method?: unknown; params?: unknown; id?: unknown };
    try {
      frame = JSON.parse(text) as typeof frame;
    } catch {
      return { error: { code: 3, msg: 'Invalid JSON: expected value at line 1 column 1' } };
    }
    const id = typeof frame.id === 'number' || typeof frame.id === 'string' ? frame.id : null;
    const { method } = frame;
    if (method === 'LIST_SUBSCRIPTIONS') return { result: [...c.streams], id };
    if (method === 'SET_PROPERTY' || method === 'GET_PROPERTY') {
      const answer = propertyFrame(method, frame.params, id, c.framing === 'combined');
      c.framing = answer.combined ? 'combined' : 'raw';
      return answer.answer;
    }
    if (method !== 'SUBSCRIBE' && method !== 'UNSUBSCRIBE')
      return {
        error: {
          code: 2,
          msg: `Invalid request: unknown variant ${String(method)}, expected one of ${METHODS}`,
        },
        id,
      };
    const names = Array.isArray(frame.params) ? (frame.params as unknown[]) : [];
    const keys = method === 'SUBSCRIBE' ? await users.resolve(names) : new Map();
    for (const name of names) {
      if (typeof name !== 'string')
        return { error: { code: 2, msg: 'Invalid request: params' }, id };
      if (method === 'UNSUBSCRIBE') hub.unsubscribe(c, name);
      else if (!c.streams.has(name) && !follow(c, name, keys))
        return { error: { code: 2, msg: `Invalid request: unknown stream ${name}` }, id };
    }
    return { result: null, id };
  };
}
