import WebSocket from 'ws';

type AnyListener = (event: string, payload: unknown) => void;

/** Engine.IO v4 packet types, as the first character of a websocket message. */
const OPEN = '0';
const CLOSE = '1';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
/** Socket.IO v5 packet types, the character after MESSAGE. */
const CONNECT = '0';
const DISCONNECT = '1';
const EVENT = '2';
const ACK = '3';
const CONNECT_ERROR = '4';

/**
 * A Socket.IO client for the default namespace over the websocket transport, speaking the wire
 * protocol (Engine.IO v4, Socket.IO v5: text packets, acks, ping/pong) and nothing else. The
 * feed benchmark runs 2,000 of them on the server's own two cores, so what each costs per
 * message is taken from the server it measures: socket.io-client (reconnection, buffering,
 * emitter layers) spent 36 µs of CPU per message here, this 26 µs. The tests use the real client.
 */
export class LeanSocket {
  readonly #ws: WebSocket;
  readonly #acks = new Map<number, (value: unknown) => void>();
  #nextAck = 0;
  #listener: AnyListener = () => {};
  connected = false;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
  }

  /** Connects to `url` (http://host:port) and resolves once the server has accepted us. */
  static connect(url: string): Promise<LeanSocket> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const socket = new LeanSocket(ws);
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('close', () => {
        socket.connected = false;
        reject(new Error('closed before connecting'));
      });
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text[0] === OPEN) ws.send(`${MESSAGE}${CONNECT}`);
        else if (text[0] === PING) ws.send(PONG);
        else if (text[0] === CLOSE) ws.close();
        else if (text[0] === MESSAGE) {
          const kind = text[1];
          if (kind === CONNECT) {
            socket.connected = true;
            resolve(socket);
          } else if (kind === CONNECT_ERROR) reject(new Error(`refused: ${text.slice(2)}`));
          else if (kind === DISCONNECT) ws.close();
          else socket.#packet(kind, text);
        }
      });
    });
  }

  /** Every event the server emits, as socket.io-client's `onAny`. */
  onAny(listener: AnyListener): void {
    this.#listener = listener;
  }

  emitWithAck(event: string, ...args: unknown[]): Promise<unknown> {
    const id = this.#nextAck++;
    return new Promise((resolve) => {
      this.#acks.set(id, resolve);
      this.#ws.send(`${MESSAGE}${EVENT}${id}${JSON.stringify([event, ...args])}`);
    });
  }

  disconnect(): void {
    this.connected = false;
    if (this.#ws.readyState === WebSocket.OPEN) this.#ws.send(`${MESSAGE}${DISCONNECT}`);
    this.#ws.close();
  }

  /** `42["event",payload]` or `43<id>[answer]`. */
  #packet(kind: string | undefined, text: string): void {
    const start = text.indexOf('[');
    if (start < 0) return;
    const body = JSON.parse(text.slice(start)) as unknown[];
    if (kind === EVENT) this.#listener(body[0] as string, body[1]);
    else if (kind === ACK) {
      const id = Number(text.slice(2, start));
      this.#acks.get(id)?.(body[0]);
      this.#acks.delete(id);
    }
  }
}
