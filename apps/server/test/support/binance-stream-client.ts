import WebSocket from 'ws';

export type Frame = Record<string, unknown>;

/** Frames as they arrive, each taken once by the first `next` that matches it. */
export class FrameQueue {
  private readonly frames: Frame[] = [];
  private waiting: (() => void) | null = null;

  push(frame: Frame): void {
    this.frames.push(frame);
    this.waiting?.();
  }

  /** The first queued frame that `match` accepts, taken from the queue, within `ms` (5 s). */
  async next(match: (f: Frame) => boolean = () => true, ms = 5_000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const at = this.frames.findIndex(match);
      if (at >= 0) return this.frames.splice(at, 1)[0] as Frame;
      if (Date.now() > deadline) throw new Error(`no matching frame within ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
    }
  }
}

/** A plain WebSocket client of the streams, its frames queued for `next`. */
export class StreamClient {
  private readonly frames = new FrameQueue();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(String(data)) as Frame));
  }

  static open(url: string): Promise<StreamClient> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new StreamClient(ws)));
      ws.once('error', reject);
    });
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first queued frame that `match` accepts, taken from the queue, within 5 s. */
  next(match: (f: Frame) => boolean = () => true): Promise<Frame> {
    return this.frames.next(match);
  }
}

export interface DepthSnapshot {
  lastUpdateId: number;
  bids: [string, string][];
  asks: [string, string][];
}

/** GET /api/v3/depth of BTCUSDT at `url` (a server or a gateway). */
export async function depthSnapshot(url: string): Promise<DepthSnapshot> {
  return (await (await fetch(`${url}/api/v3/depth?symbol=BTCUSDT&limit=5000`)).json()) as never;
}

/**
 * A local book kept as Binance documents it: `snapshot`, then the client's depth diffs (raw or
 * combined) from the one spanning the snapshot's id, each starting where the previous ended,
 * until `untilId`. Throws at a break in the chain; returns the book's sides, best first.
 */
export async function followDepth(client: StreamClient, snapshot: DepthSnapshot, untilId: number) {
  const sides = { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
  const diff = (f: Frame) => (f.data ?? f) as Frame;
  let last = snapshot.lastUpdateId;
  let first = true;
  while (last < untilId) {
    const e = diff(
      await client.next((f) => diff(f).e === 'depthUpdate' && (diff(f).u as number) > last),
    );
    const [U, u] = [e.U as number, e.u as number];
    if (first ? U > last + 1 : U !== last + 1)
      throw new Error(`depth chain broken: U ${U} after u ${last}`);
    first = false;
    for (const [side, levels] of [
      [sides.bids, e.b],
      [sides.asks, e.a],
    ] as const)
      for (const [price, quantity] of levels as [string, string][])
        if (Number(quantity) === 0) side.delete(price);
        else side.set(price, quantity);
    last = u;
  }
  const sorted = (side: Map<string, string>, sign: number) =>
    [...side].sort((a, b) => sign * (Number(b[0]) - Number(a[0])));
  return { bids: sorted(sides.bids, 1), asks: sorted(sides.asks, -1) };
}
