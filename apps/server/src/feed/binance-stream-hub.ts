import type { Socket } from 'node:net';
import type WebSocket from 'ws';

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

  private text(): Buffer {
    return (this.rawText ??= Buffer.from(JSON.stringify(this.payload)));
  }
}

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

/** One client connection of the Binance streams and what it follows. */
export class StreamConnection {
  readonly streams = new Set<string>();
  /** The user data streams it follows: listen key → user. */
  readonly listenKeys = new Map<string, string>();
  alive = true;

  // Not corked per turn as order entry's answers are: measured with 1,000 followers, holding a
  // flush's frames to the turn's end delayed them (p50 ~500 ms against ~90 ms written at once).
  constructor(
    readonly ws: WebSocket,
    private readonly tcp: Socket,
    readonly combined: boolean,
  ) {}

  send(frames: StreamFrames): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.ws.terminate();
      return;
    }
    // Whole frames only, so they never interleave with the library's own (pings, answers).
    this.tcp.write(this.combined ? frames.combined() : frames.raw());
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

  followUser(c: StreamConnection, listenKey: string, userId: string): void {
    c.listenKeys.set(listenKey, userId);
    let set = this.users.get(userId);
    if (!set) this.users.set(userId, (set = new Set()));
    set.add(c);
  }

  unsubscribe(c: StreamConnection, stream: string): void {
    c.streams.delete(stream);
    const set = this.subscribers.get(stream);
    set?.delete(c);
    if (set?.size === 0) this.subscribers.delete(stream);
    const userId = c.listenKeys.get(stream);
    if (userId === undefined) return;
    c.listenKeys.delete(stream);
    if ([...c.listenKeys.values()].includes(userId)) return;
    const theirs = this.users.get(userId);
    theirs?.delete(c);
    if (theirs?.size === 0) this.users.delete(userId);
  }

  drop(c: StreamConnection): void {
    for (const stream of [...c.streams]) this.unsubscribe(c, stream);
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
        if (owner === userId) c.send(new StreamFrames(listenKey, payload));
  }
}
