import type { FastifyInstance } from 'fastify';
import { attachBinanceStreams, type BinanceStreams } from '../feed/binance-streams.js';
import type { SocketCounts } from '../feed/socket-limits.js';
import type { ClientAddress } from '../lib/client-address.js';
import { bestFromWire, type BestOnWire } from './events.js';
import { GatewayMarket } from './gateway-market.js';

export interface GatewayStreams extends BinanceStreams {
  /** The best bid and ask the core published with its tickers, for `@ticker`. */
  best(best: Record<string, BestOnWire>): void;
}

/**
 * Binance's market streams (`/ws`, `/stream`) on a gateway: the single server's connections,
 * frames, depth chain and user data streams (`feed/binance-streams.ts`), fed by the core's
 * events as the gateway's Socket.IO feed is. A book's `U`/`u` are the core's own numbers, so a
 * client's chain holds across gateways; an event lost on the way leaves a hole that closes the
 * book's followers. The 24 h statistics and candles are the gateway's own (`GatewayMarket`);
 * `@ticker`'s best bid and ask are those the core published with its tickers. Listen keys are
 * read from the database, where the core keeps them: a key made through any gateway opens here.
 */
export function attachGatewayStreams(
  reader: FastifyInstance,
  clientAddress: ClientAddress,
  counts: SocketCounts,
): GatewayStreams {
  const market = new GatewayMarket(reader.ctx);
  market
    .load()
    .catch((err: unknown) => reader.log.warn({ err }, 'streams: the last 24 h not loaded'));
  // No partial depths here: the gateway holds the core's best levels, not its books.
  const streams = attachBinanceStreams(
    reader,
    market,
    clientAddress,
    counts,
    (pair) => market.best(pair),
    null,
  );
  const findPair = (symbol: string) => reader.ctx.core.state.trading.findPair(symbol);
  return {
    ...streams,
    best(best) {
      for (const [symbol, levels] of Object.entries(best)) {
        const pair = findPair(symbol);
        if (pair) market.setBest(pair, bestFromWire(levels));
      }
    },
    sink: {
      ...streams.sink,
      trades(symbol, trades) {
        const pair = findPair(symbol);
        if (pair) market.trades(pair, trades);
        streams.sink.trades(symbol, trades);
      },
    },
  };
}
