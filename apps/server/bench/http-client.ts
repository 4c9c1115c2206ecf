import net from 'node:net';

export interface HttpAnswer {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/**
 * One keep-alive HTTP/1.1 connection with one request in flight, as a browser tab or a trading
 * bot holds it. A load generator on the same two cores as the server must cost little per
 * request, so this writes the request in one piece and reads only the status line,
 * `content-length` and the body: what undici or fetch do beyond that is what a benchmark's
 * client would be measuring instead of the server. Answers must carry `content-length` (the
 * server's JSON answers always do).
 */
export class HttpConnection {
  readonly #socket: net.Socket;
  readonly #host: string;
  #buffer: Buffer = Buffer.alloc(0);
  #pending: { resolve: (a: HttpAnswer) => void; reject: (e: Error) => void } | null = null;

  private constructor(socket: net.Socket, host: string) {
    this.#socket = socket;
    this.#host = host;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.#read(chunk));
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  static open(url: string): Promise<HttpConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(port), hostname);
      socket.once('connect', () => resolve(new HttpConnection(socket, `${hostname}:${port}`)));
      socket.once('error', reject);
    });
  }

  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<HttpAnswer> {
    if (this.#pending) throw new Error('one request at a time per connection');
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.#host}\r\n`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    if (body !== undefined) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
    const promise = new Promise<HttpAnswer>((resolve, reject) => {
      this.#pending = { resolve, reject };
    });
    this.#socket.write(`${head}\r\n${body ?? ''}`);
    return promise;
  }

  close(): void {
    this.#socket.end();
  }

  #read(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    const end = this.#buffer.indexOf(HEADER_END);
    if (end < 0) return;
    const head = this.#buffer.toString('latin1', 0, end);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) return this.#fail(new Error(`answer without content-length: ${head}`));
    const total = end + HEADER_END.length + Number(length[1]);
    if (this.#buffer.length < total) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.#buffer.toString('utf8', end + HEADER_END.length, total),
    };
    this.#buffer = this.#buffer.subarray(total);
    const pending = this.#pending;
    this.#pending = null;
    pending?.resolve(answer);
  }

  #fail(error: Error): void {
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }
}
