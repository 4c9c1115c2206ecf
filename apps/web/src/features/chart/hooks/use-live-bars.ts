import {
  socketChannels,
  type RecentTrade,
  type SocketPayload,
  type TickerStats,
} from '@exchange/contracts';
import { useEffect, useRef } from 'react';
import { getSocket, subscribeSymbol } from '@/lib/socket';
import { applyTicker, applyTrade, type Bar, type PanelInterval } from '../chart-model';

/** Spec section 9: the live candle is refreshed every 1000 ms. */
const LIVE_REFRESH_MS = 1000;

/**
 * Keeps the live candle moving: trades from `trade_update@{symbol}` as they come, and once a
 * second the ticker step (new bucket, or high/low/close from the ticker price, decision D5).
 * `onBar` gets every changed candle; `seed` is the last loaded candle.
 */
export function useLiveBars(
  symbol: string,
  interval: PanelInterval,
  seed: Bar | undefined,
  onBar: (bar: Bar) => void,
) {
  const last = useRef<Bar | undefined>(seed);
  const callback = useRef(onBar);
  useEffect(() => {
    callback.current = onBar;
  });

  useEffect(() => {
    last.current = seed;
  }, [seed]);

  useEffect(() => {
    let price: number | undefined;
    const push = (bar: Bar | undefined) => {
      if (!bar || bar === last.current) return;
      last.current = bar;
      callback.current(bar);
    };
    const onTrades = ({ data }: SocketPayload<RecentTrade[]>) => {
      for (const trade of data) push(applyTrade(last.current, trade, interval));
      const latest = data.at(-1);
      if (latest) price = Number(latest.price);
    };
    const onTicker = ({ data }: SocketPayload<TickerStats>) => {
      price = Number(data.price);
    };
    const timer = setInterval(
      () => push(applyTicker(last.current, price, Math.floor(Date.now() / 1000), interval)),
      LIVE_REFRESH_MS,
    );
    const leave = subscribeSymbol(symbol);
    let detach = () => {};
    let cancelled = false;
    void getSocket().then((socket) => {
      if (cancelled) return;
      socket.on(socketChannels.trades(symbol), onTrades);
      socket.on(socketChannels.ticker(symbol), onTicker);
      detach = () => {
        socket.off(socketChannels.trades(symbol), onTrades);
        socket.off(socketChannels.ticker(symbol), onTicker);
      };
    });
    return () => {
      cancelled = true;
      clearInterval(timer);
      detach();
      leave();
    };
  }, [symbol, interval]);
}
