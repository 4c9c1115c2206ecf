import type { FastifyInstance } from 'fastify';
import { attachBinanceStreams, type BinanceStreams } from '../feed/binance-streams.js';
import type { SocketCounts } from '../feed/socket-limits.js';
import type { ClientAddress } from '../lib/client-address.js';
import { GatewayMarket } from './gateway-market.js';

/**
 * Binance's market streams (`/ws`, `/stream`) on a gateway: the single server's connections,
 * frames and depth chain (`feed/binance-streams.ts`), fed by the core's events as the gateway's
 * Socket.IO feed is. A book's `U`/`u` are the core's own numbers, so a client's chain holds
 * across gateways; an event lost on the way leaves a hole that closes the book's followers. The
 * 24 h statistics and candles are the gateway's own (`GatewayMarket`); `@ticker`, which needs the
 * engine's best bid and ask, and the user data streams, whose listen keys live in the core, are
 * the core's alone (`npm start`).
 */
export function attachGatewayStreams(
  reader: FastifyInstance,
  clientAddress: ClientAddress,
  counts: SocketCounts,
): BinanceStreams {
  const market = new GatewayMarket(reader.ctx);
  market
    .load()
    .catch((err: unknown) => reader.log.warn({ err }, 'streams: the last 24 h not loaded'));
  const streams = attachBinanceStreams(reader, market, clientAddress, counts, null);
  const findPair = (symbol: string) => reader.ctx.core.state.trading.findPair(symbol);
  return {
    ...streams,
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
