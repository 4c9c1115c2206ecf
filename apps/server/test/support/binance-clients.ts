import ccxt from 'ccxt';
import type { TestKey } from './api-keys.js';

export type ProBinance = InstanceType<typeof ccxt.pro.binance>;

/**
 * ccxt's own `binance` class pointed at a server of ours: only `urls` and documented options
 * changed, as ccxt's `binanceus` class and freqtrade's `ccxt_config` do (spot markets only, no
 * margin or currency calls on load, open orders without a symbol allowed).
 */
export function ccxtBinance(url: string, key?: TestKey) {
  const api = `${url}/api/v3`;
  return new ccxt.binance({
    ...(key && { apiKey: key.apiKey, secret: key.secret }),
    urls: { api: { public: api, private: api } },
    options: binanceOptions,
    enableRateLimit: false,
  });
}

/** ccxt pro's `binance` on our streams too (`ws://`: ccxt wants its proxy agent loaded first). */
export async function ccxtProBinance(url: string): Promise<ProBinance> {
  const api = `${url}/api/v3`;
  const exchange = new ccxt.pro.binance({
    urls: {
      api: {
        public: api,
        private: api,
        ws: { spot: `${url.replace(/^http/, 'ws')}/ws` },
      },
    },
    options: binanceOptions,
    enableRateLimit: false,
  });
  await exchange.loadHttpProxyAgent();
  return exchange;
}

const binanceOptions = {
  fetchMarkets: { types: ['spot'] },
  fetchMargins: false,
  fetchCurrencies: false,
  fetchOpenOrders: { warnWithoutSymbol: false },
};
