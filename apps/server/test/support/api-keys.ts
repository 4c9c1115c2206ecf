import { API_KEY_HEADERS, signingPayload, type CreateApiKeyRequest } from '@exchange/contracts';
import type { InjectOptions } from 'fastify';
import { signPayload } from '../../src/lib/request-signature.js';
import type { Member } from './members.js';
import type { TestApp } from './test-app.js';

export interface TestKey {
  id: string;
  apiKey: string;
  secret: string;
}

/** Creates an API key through the API, as the profile page does. */
export async function createKey(
  t: TestApp,
  user: Member,
  body: Partial<CreateApiKeyRequest> = {},
): Promise<TestKey> {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { label: 'bot', scopes: ['read', 'trade'], expires_in_days: 30, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`key not created: ${res.body}`);
  const data = res.json().data as { id: string; api_key: string; secret: string };
  return { id: data.id, apiKey: data.api_key, secret: data.secret };
}

/** The three headers of a request signed at `timestamp` (the test clock's now by default). */
export function signedHeaders(
  t: TestApp,
  key: TestKey,
  method: string,
  url: string,
  body = '',
  options: { timestamp?: number; secret?: string } = {},
): Record<string, string> {
  const timestamp = String(options.timestamp ?? t.clock.now().getTime());
  const [path = '', query = ''] = url.split('?');
  const payload = signingPayload(timestamp, method, path, query, body);
  return {
    [API_KEY_HEADERS.key]: key.apiKey,
    [API_KEY_HEADERS.timestamp]: timestamp,
    [API_KEY_HEADERS.signature]: signPayload(options.secret ?? key.secret, payload),
  };
}

/** A signed request through `app.inject`: `url` is the full path (`/api/v1/...`). */
export function signed(
  t: TestApp,
  key: TestKey,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  options: { timestamp?: number; secret?: string; remoteAddress?: string } = {},
) {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const request: InjectOptions = {
    method,
    url,
    headers: {
      ...signedHeaders(t, key, method, url, body, options),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: body }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  };
  return t.request(request);
}
