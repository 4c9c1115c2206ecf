import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestKey } from './api-keys.js';
import type { TestApp } from './test-app.js';

/** Binance's signature: the hex HMAC-SHA256 of the query string and the form body, concatenated. */
export const binanceSignature = (secret: string, totalParams: string): string =>
  createHmac('sha256', secret).update(totalParams).digest('hex');

/** A `/api/v3` call through `app.inject` as sent: the raw query string and form body. */
export function binanceCall(
  t: TestApp,
  key: TestKey,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  parts: { query?: string; body?: string },
): Promise<LightMyRequestResponse> {
  const { query = '', body = '' } = parts;
  return t.request({
    method,
    url: `/api/v3${path}${query ? `?${query}` : ''}`,
    headers: {
      'x-mbx-apikey': key.apiKey,
      ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(body && { payload: body }),
  });
}

/** `params` signed, with its signature appended, as ccxt sends a form body or a query string. */
export const signedParams = (key: TestKey, params: string): string =>
  `${params}&signature=${binanceSignature(key.secret, params)}`;
