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
 * Keeps the live candle moving, refreshed once a second (spec section 9): the trades from
 * `trade_update@{symbol}` that came meanwhile, then the ticker step (new bucket, or high, low and
 * close from the ticker price, decision D5). `onBar` gets every changed candle, oldest first, so a
 * bucket that closed in the second is drawn to its last trade before the next one opens; the
 * chart redraws once a second, not at every trade. `seed` is the last loaded candle.
 */
export function useLiveBars(
  symbol: string,
  interval: PanelInterval,
  seed: Bar | undefined,
  onBar: (bar: Bar) => void,
) {
  const last = useRef<Bar | undefined>(seed);
  /** The candles changed since the last refresh, one per bucket, oldest first. */
  const changed = useRef<Bar[]>([]);
  const callback = useRef(onBar);
  useEffect(() => {
    callback.current = onBar;
  });

  // Reloaded history starts afresh: nothing older than it is drawn.
  useEffect(() => {
    last.current = seed;
    changed.current = [];
  }, [seed]);

  useEffect(() => {
    let price: number | undefined;
    changed.current = [];
    const note = (bar: Bar | undefined) => {
      if (!bar || bar === last.current) return;
      last.current = bar;
      const bars = changed.current;
      if (bars.at(-1)?.time === bar.time) bars[bars.length - 1] = bar;
      else bars.push(bar);
    };
    const onTrades = ({ data }: SocketPayload<RecentTrade[]>) => {
      for (const trade of data) note(applyTrade(last.current, trade, interval));
      const latest = data.at(-1);
      if (latest) price = Number(latest.price);
    };
    const onTicker = ({ data }: SocketPayload<TickerStats>) => {
      price = Number(data.price);
    };
    const timer = setInterval(() => {
      note(applyTicker(last.current, price, Math.floor(Date.now() / 1000), interval));
      const bars = changed.current;
      changed.current = [];
      for (const bar of bars) callback.current(bar);
    }, LIVE_REFRESH_MS);
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
