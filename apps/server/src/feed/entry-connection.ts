import { ORDER_ENTRY_MAX_UNREAD_BYTES, type OrderEntryServerMessage } from '@exchange/contracts';
import type { Socket } from 'node:net';
import { WebSocket } from 'ws';
import { corkPerTurn } from '../lib/cork-per-turn.js';

/** Who an order-entry connection signed in as, and what it asked for. */
export interface EntryOwner {
  userId: string;
  apiKeyId: string;
  /** The client's address, as the API's rate limits see it (TRUST_PROXY). */
  address: string;
  /** Opened with `order_updates=true`: the owner's order updates are pushed to it. */
  orderUpdates: boolean;
}

/**
 * One open order-entry WebSocket. Messages sent in one event-loop turn leave in one write: the
 * first corks the TCP socket and the next turn uncorks it, so the answers to pipelined calls
 * that commit in one batch cost one system call, not one each.
 */
export class EntryConnection {
  /** Set once the server closes it: what arrives after is not served. */
  closing = false;
  private answeredPing = true;
  /** Called before each write: the turn's answers leave together. */
  private readonly cork: () => void;

  constructor(
    readonly ws: WebSocket,
    private readonly tcp: Socket,
    readonly owner: EntryOwner,
  ) {
    this.cork = corkPerTurn(tcp);
    ws.on('pong', () => (this.answeredPing = true));
  }

  /**
   * Sends unless closed. Past ORDER_ENTRY_MAX_UNREAD_BYTES unsent, reads no more of the client's
   * calls until all of it has gone: a client that does not read cannot make the server hold
   * answers without end.
   */
  send(message: OrderEntryServerMessage): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    this.cork();
    this.ws.send(JSON.stringify(message));
    if (!this.ws.isPaused && this.ws.bufferedAmount > ORDER_ENTRY_MAX_UNREAD_BYTES) {
      this.ws.pause();
      this.tcp.once('drain', () => this.ws.resume());
    }
  }

  /** The keep-alive beat: ends a connection that did not answer the previous ping, pings it. */
  beat(): void {
    if (!this.answeredPing) {
      this.ws.terminate();
      return;
    }
    this.answeredPing = false;
    this.ws.ping();
  }

  /** Closes it with a close frame (RFC 6455 `code` and why); its later messages are ignored. */
  close(code: number, reason: string): void {
    this.closing = true;
    this.ws.close(code, reason);
  }
}
