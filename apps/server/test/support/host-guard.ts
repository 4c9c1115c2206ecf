import http from 'node:http';
import https from 'node:https';

/**
 * Records every HTTP(S) request this process opens to a host other than `allowed` (host:port),
 * as a client library would make it through Node's `http`/`https` (axios, ccxt's fetch fallback):
 * a compatibility test configured from the README must not reach Binance's own servers.
 */
export function guardHosts(allowed: string): { foreign: string[]; release: () => void } {
  const foreign: string[] = [];
  const originals = [
    [http, 'request', http.request],
    [http, 'get', http.get],
    [https, 'request', https.request],
    [https, 'get', https.get],
  ] as const;
  for (const [module, name, original] of originals) {
    const scheme = module === https ? 'https' : 'http';
    Object.assign(module, {
      [name]: (...args: Parameters<typeof http.request>) => {
        const host = hostOf(args[0], args[1], scheme);
        if (host !== allowed) foreign.push(host);
        return (original as typeof http.request)(...args);
      },
    });
  }
  return {
    foreign,
    release: () => {
      for (const [module, name, original] of originals) Object.assign(module, { [name]: original });
    },
  };
}

function hostOf(first: unknown, second: unknown, scheme: string): string {
  if (typeof first === 'string' || first instanceof URL) return new URL(first).host;
  const options = (first ?? second ?? {}) as http.RequestOptions;
  const port = options.port ?? (scheme === 'https' ? 443 : 80);
  return `${options.hostname ?? options.host ?? 'localhost'}:${port}`;
}

/**
 * The same guard for a ccxt exchange, which in Node sends through undici (not `http`): every
 * REST request passes its `fetch(url, …)`, so the hosts are recorded there; `seen` counts the
 * requests to `allowed`, so a test can tell the guard watched something.
 */
export function guardCcxtHosts(
  exchange: { fetch: (url: string, ...rest: never[]) => Promise<unknown> },
  allowed: string,
): { foreign: string[]; seen: () => number } {
  const foreign: string[] = [];
  let seen = 0;
  const original = exchange.fetch.bind(exchange);
  exchange.fetch = (url: string, ...rest: never[]) => {
    const host = new URL(url).host;
    if (host === allowed) seen += 1;
    else foreign.push(host);
    return original(url, ...rest);
  };
  return { foreign, seen: () => seen };
}
