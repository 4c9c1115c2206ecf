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
    urls: { api: { public: api, private: api, ...sapiUrls(url) } },
    options: binanceOptions,
    enableRateLimit: false,
  });
}

/**
 * ccxt pro's `binance` on our streams and WebSocket API too (`ws://`: ccxt wants its proxy agent
 * loaded first), with a key for its private watches and `*Ws` calls.
 */
export async function ccxtProBinance(url: string, key?: TestKey): Promise<ProBinance> {
  const api = `${url}/api/v3`;
  const ws = url.replace(/^http/, 'ws');
  const exchange = new ccxt.pro.binance({
    ...(key && { apiKey: key.apiKey, secret: key.secret }),
    urls: {
      api: {
        public: api,
        private: api,
        ...sapiUrls(url),
        ws: { spot: `${ws}/ws`, 'ws-api': { spot: `${ws}/ws-api/v3` } },
      },
    },
    options: binanceOptions,
    enableRateLimit: false,
  });
  await exchange.loadHttpProxyAgent();
  return exchange;
}

/** Binance's wallet API, every version ccxt names, here too: no signed call leaves for Binance. */
const sapiUrls = (url: string) => ({
  sapi: `${url}/sapi/v1`,
  sapiV2: `${url}/sapi/v2`,
  sapiV3: `${url}/sapi/v3`,
  sapiV4: `${url}/sapi/v4`,
});

const binanceOptions = {
  fetchMarkets: { types: ['spot'] },
  fetchMargins: false,
  fetchCurrencies: false,
  fetchOpenOrders: { warnWithoutSymbol: false },
};
