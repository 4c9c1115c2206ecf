import type { SocketPayload, Ticker } from '@exchange/contracts';
import { getSocket } from '@/lib/socket';

const handlers = new Set<(ticker: Ticker) => void>();
let detach: (() => void) | null = null;

const dispatchTicker = ({ data }: SocketPayload<Ticker>) => {
  if (data && typeof data.symbol === 'string') handlers.forEach((handler) => handler(data));
};

/** One `all_ticker_update` listener on the shared socket, however many lists are mounted. */
export function subscribeAllTickers(handler: (ticker: Ticker) => void): () => void {
  handlers.add(handler);
  if (!detach) {
    let cancelled = false;
    let off = () => {
      cancelled = true;
    };
    detach = () => off();
    void getSocket().then((socket) => {
      if (cancelled) return;
      socket.on('all_ticker_update', dispatchTicker);
      off = () => socket.off('all_ticker_update', dispatchTicker);
    });
  }
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0 && detach) {
      detach();
      detach = null;
    }
  };
}
