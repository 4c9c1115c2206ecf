import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/compression.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('API answers over the wire', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, encoding: string) =>
    t.request({ method: 'GET', url, headers: { 'accept-encoding': encoding } });

  it('compresses a large answer (the API document) by Accept-Encoding, brotli first, the JSON unchanged', async () => {
    const plain = await get('/api/docs/json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await get('/api/docs/json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const health = await get('/api/v1/health', 'gzip, br');
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().success).toBe(true);
  });
});
