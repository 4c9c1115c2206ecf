import type { Socket } from 'node:net';
import type WebSocket from 'ws';
import type { ListenKey } from '../modules/binance/listen-keys.js';

/** A client that reads slower than this much unsent data is cut off (Binance does the same). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * One event's WebSocket frames, serialised and framed once however many connections get it: the
 * raw event for `/ws` connections, wrapped as `{stream, data}` for `/stream` ones. Each is a whole
 * unmasked text frame (RFC 6455), written to the connections' sockets as it is: the endpoint
 * never compresses, so a frame's bytes are the same for every connection.
 */
export class StreamFrames {
  private rawText: Buffer | null = null;
  private rawFrame: Buffer | null = null;
  private combinedFrame: Buffer | null = null;
  private apiFrame: Buffer | null = null;

  constructor(
    private readonly stream: string,
    private readonly payload: unknown,
  ) {}

  raw(): Buffer {
    return (this.rawFrame ??= textFrame([this.text()]));
  }

  combined(): Buffer {
    return (this.combinedFrame ??= textFrame([
      Buffer.from(`{"stream":${JSON.stringify(this.stream)},"data":`),
      this.text(),
      Buffer.from('}'),
    ]));
  }

  /** A WebSocket API subscription's event: `{subscriptionId, event}` (`apiStreamName`). */
  api(): Buffer {
    return (this.apiFrame ??= textFrame([
      Buffer.from(`{"subscriptionId":${subscriptionIdOf(this.stream)},"event":`),
      this.text(),
      Buffer.from('}'),
    ]));
  }

  frame(framing: Framing): Buffer {
    return framing === 'raw' ? this.raw() : framing === 'combined' ? this.combined() : this.api();
  }

  private text(): Buffer {
    return (this.rawText ??= Buffer.from(JSON.stringify(this.payload)));
  }
}

/**
 * How a connection's events are framed: `/ws` raw, `/stream` as `{stream, data}`, the WebSocket
 * API's user data subscriptions as `{subscriptionId, event}`.
 */
export type Framing = 'raw' | 'combined' | 'api';

const API_STREAM = 'ws-api:';
/** The name a WebSocket API subscription follows its user under (one per subscription). */
export const apiStreamName = (subscriptionId: number) => `${API_STREAM}${subscriptionId}`;
export const isApiStreamName = (name: string) => name.startsWith(API_STREAM);
const subscriptionIdOf = (name: string) => Number(name.slice(API_STREAM.length)) || 0;

/** A final, unmasked text frame of these bytes (a server's frame, RFC 6455 section 5.2). */
export function textFrame(parts: Buffer[]): Buffer {
  const length = parts.reduce((n, p) => n + p.length, 0);
  const header = Buffer.alloc(length < 126 ? 2 : length < 65_536 ? 4 : 10);
  header[0] = 0x81;
  if (length < 126) header[1] = length;
  else if (length < 65_536) {
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, ...parts], header.length + length);
}

/**
 * Frames sent during one synchronous run (a market data flush: depth, trades and tickers; a
 * broker read's events on a gateway) leave in one write per connection as soon as that run ends
 * (`process.nextTick`), not one write each: the writes' system calls were most of the fan-out's
 * cost. Not held to the turn's end (`setImmediate`, measured worse: other I/O ran first).
 */
export class Outbox {
  private readonly dirty: StreamConnection[] = [];

  queue(c: StreamConnection, frame: Buffer): void {
    if (c.pending.push(frame) > 1) return;
    if (this.dirty.push(c) === 1) process.nextTick(this.drain);
  }

  private readonly drain = () => {
    // Followers of the same streams got the same frames: joined once, written to each.
    let previous: Buffer[] = [];
    let joined: Buffer = Buffer.alloc(0);
    for (const c of this.dirty.splice(0)) {
      const frames = c.pending.splice(0);
      if (!sameFrames(frames, previous))
        [previous, joined] = [
          frames,
          frames.length === 1 ? (frames[0] as Buffer) : Buffer.concat(frames),
        ];
      c.write(joined);
    }
  };
}

const sameFrames = (a: Buffer[], b: Buffer[]) =>
  a.length === b.length && a.every((frame, i) => frame === b[i]);

/** One client connection of the Binance streams and what it follows. */
export class StreamConnection {
  readonly streams = new Set<string>();
  /** The user data streams it follows: listen key → its user and API key. */
  readonly listenKeys = new Map<string, ListenKey>();
  /** Frames queued in the outbox, written together when the current run ends. */
  readonly pending: Buffer[] = [];
  alive = true;

  constructor(
    readonly ws: WebSocket,
    private readonly tcp: Socket,
    /** `/ws` raw, `/stream` combined; a market connection's `SET_PROPERTY combined` changes it. */
    public framing: Framing,
    private readonly outbox: Outbox,
  ) {}

  send(frames: StreamFrames): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.outbox.queue(this, frames.frame(this.framing));
  }

  /** Writes whole frames, never interleaved with the library's own (pings, answers). */
  write(frames: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.tcp.writableLength > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    this.tcp.write(frames);
  }
}

/** Who follows which stream, and each user's user-data connections. */
export class StreamHub {
  private readonly subscribers = new Map<string, Set<StreamConnection>>();
  private readonly users = new Map<string, Set<StreamConnection>>();

  has(stream: string): boolean {
    return this.subscribers.has(stream);
  }

  listensFor(userId: string): boolean {
    return this.users.has(userId);
  }

  subscribe(c: StreamConnection, stream: string): void {
    c.streams.add(stream);
    let set = this.subscribers.get(stream);
    if (!set) this.subscribers.set(stream, (set = new Set()));
    set.add(c);
  }

  followUser(c: StreamConnection, listenKey: string, key: ListenKey): void {
    c.listenKeys.set(listenKey, key);
    let set = this.users.get(key.userId);
    if (!set) this.users.set(key.userId, (set = new Set()));
    set.add(c);
  }

  unsubscribe(c: StreamConnection, stream: string): void {
    c.streams.delete(stream);
    const set = this.subscribers.get(stream);
    set?.delete(c);
    if (set?.size === 0) this.subscribers.delete(stream);
    const userId = c.listenKeys.get(stream)?.userId;
    if (userId === undefined) return;
    c.listenKeys.delete(stream);
    if ([...c.listenKeys.values()].some((key) => key.userId === userId)) return;
    const theirs = this.users.get(userId);
    theirs?.delete(c);
    if (theirs?.size === 0) this.users.delete(userId);
  }

  drop(c: StreamConnection): void {
    for (const stream of [...c.streams]) this.unsubscribe(c, stream);
  }

  /** Closes every connection following `stream` (it reconnects and starts afresh). */
  close(stream: string, code: number, reason: string): void {
    for (const c of [...(this.subscribers.get(stream) ?? [])]) {
      this.drop(c);
      c.ws.close(code, reason);
    }
  }

  /** Closes every connection following a user data stream (it reconnects and starts afresh). */
  closeUsers(code: number, reason: string): void {
    for (const set of [...this.users.values()])
      for (const c of [...set]) {
        this.drop(c);
        c.ws.close(code, reason);
      }
  }

  /** Sends `payload()` (built only if anyone follows the stream) to the stream's followers. */
  publish(stream: string, payload: () => unknown): void {
    const set = this.subscribers.get(stream);
    if (!set) return;
    const frames = new StreamFrames(stream, payload());
    for (const c of set) c.send(frames);
  }

  /** Sends a user event to the user's user-data connections, under each one's listen key. */
  publishToUser(userId: string, payload: unknown): void {
    const set = this.users.get(userId);
    if (!set) return;
    for (const c of set)
      for (const [listenKey, owner] of c.listenKeys)
        if (owner.userId === userId) c.send(new StreamFrames(listenKey, payload));
  }
}
