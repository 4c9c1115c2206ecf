import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';

describe('GET /api/v1/health', () => {
  const appPromise = buildApp({ ...loadConfig({}), webDist: null });
  afterAll(async () => (await appPromise).close());

  it('answers the envelope with status ok', async () => {
    const app = await appPromise;
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 200,
      message: 'OK',
      data: { status: 'ok' },
    });
  });
});
