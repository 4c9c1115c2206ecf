import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { post, registration, uniqueEmail } from './support/accounts.js';
import { BACKENDS } from './support/databases.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const HARDHAT_XPUB =
  'xpub6DyUKdwoLWmUJ4Tn9Bbsdtx7B5Ws18mEN19e5HT52ikE53FiUheSQXrZUNPovqfyKmw4579A1Mm3GXXKM39N64uooBfJ4tNAzFsEbodRTx4';

describe.each(BACKENDS)('the API foundation on %s', (kind) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        CORS_ORIGINS: 'https://app.example.com',
        AUTH_RATE_LIMIT_MAX: '3',
        LOG_LEVEL: 'error',
      },
      overrides: { logStream: { write: (line) => logLines.push(line) } },
    });
    t.app.get('/api/v1/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    t.app.get('/api/v1/internal', async () => {
      throw new AppError('INTERNAL', 'order 7 on an unknown pair');
    });
  });
  afterAll(() => t.close());

  it('sends security headers fit for the single-page app on pages', async () => {
    const res = await t.request({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Scripts and connections to this origin only (review I5): no inline script, no other host.
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toMatch(/ws:|wss:|unsafe-eval/);
    expect(csp.match(/script-src[^;]*/g)?.join()).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('sends API answers the headers of content never rendered', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/health' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('allows only listed origins', async () => {
    const preflight = (origin: string) =>
      t.request({
        method: 'OPTIONS',
        url: '/api/v1/auth/login',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(allowed.headers['access-control-allow-methods']).toContain('PATCH');
    expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
    const refused = await preflight('https://evil.example.com');
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    expect(refused.headers['access-control-allow-methods']).toBeUndefined();

    const call = (origin?: string) =>
      t.request({ method: 'GET', url: '/api/v1/health', headers: origin ? { origin } : {} });
    const fromApp = await call('https://app.example.com');
    expect(fromApp.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(fromApp.headers.vary).toBe('Origin');
    expect((await call('https://evil.example.com')).headers['access-control-allow-origin']).toBe(
      undefined,
    );
    // Answers vary by Origin even without one, so no cache serves them across origins.
    expect((await call()).headers.vary).toBe('Origin');
  });

  it('refuses bodies over 100 KB with the envelope', async () => {
    const res = await post(t, '/auth/login', { email: 'a@b.co', password: 'x'.repeat(200_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.json()).toMatchObject({ success: false, status: 400, code: 'BAD_REQUEST' });
  });

  it('hides internals on 5xx', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong',
    });
  });

  it('logs a coded 5xx with its request id and answers it only with the generic message', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/internal' });
    expect(res.json()).toEqual({
      success: false,
      status: 500,
      code: 'INTERNAL',
      message: 'Something went wrong',
    });
    const logged = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const entry = logged.find((l) => JSON.stringify(l).includes('order 7 on an unknown pair'));
    expect(entry).toMatchObject({ msg: 'request failed', reqId: expect.any(String) });
  });

  it('answers unknown API paths with 404 NOT_FOUND', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('publishes OpenAPI generated from the route schemas at /api/docs', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    const register = spec.paths['/api/v1/auth/register'].post;
    expect(register.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['first_name', 'last_name', 'email', 'phone', 'password']),
    );
    expect(spec.paths['/api/v1/users'].get.security).toEqual([{ bearer: [] }]);
    const adminRoutes = t.app.apiRoutes.filter((r) => r.access === 'admin' && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThan(20);
    for (const { method, url } of adminRoutes) {
      const doc = spec.paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')][method.toLowerCase()];
      expect(doc, `${method} ${url}`).toMatchObject({
        tags: ['admin'],
        security: [{ bearer: [] }],
      });
    }
    expect(spec.paths['/api/v1/auth/password/reset']).toBeDefined();
    const ui = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('states in the OpenAPI document what the server enforces (review S5-S9)', async () => {
    const spec = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const body = (path: string, method = 'post') =>
      spec.paths[path][method].requestBody.content['application/json'].schema;
    // S5: the whole password rule, as a pattern a tool can test.
    const password = new RegExp(body('/api/v1/auth/register').properties.password.pattern);
    expect(
      ['0000000000', 'abcdefghij1', 'Abcdefghij', 'Abc def1234'].some((p) => password.test(p)),
    ).toBe(false);
    expect(password.test('Abcdefghij1')).toBe(true);
    // S6: codes have a format.
    const code = new RegExp(body('/api/v1/auth/login/second-factor').properties.code.pattern);
    expect(['', '12345', 'abc'].some((c) => code.test(c))).toBe(false);
    expect(['123456', '123 456', 'ABCDE-FGHIJ'].every((c) => code.test(c))).toBe(true);
    // S7: amounts above 0.
    expect(body('/api/v1/wallets/withdraw').properties.amount.anyOf).toEqual(
      expect.arrayContaining([{ type: 'number', minimum: 0, exclusiveMinimum: true }]),
    );
    const tick = new RegExp(body('/api/v1/admin/markets/pairs').properties.tick_size.pattern);
    expect([tick.test('0'), tick.test('0.000'), tick.test('0.01')]).toEqual([false, false, true]);
    // S8: the upload's multipart body.
    const upload = spec.paths['/api/v1/files/upload/multiple'].post.requestBody;
    expect(upload.content['multipart/form-data'].schema).toMatchObject({
      required: ['files'],
      properties: { files: { type: 'array', items: { format: 'binary' } } },
    });
    // S9: the CSV answers.
    for (const path of [
      '/api/v1/admin/audit-log/export',
      '/api/v1/tax/deductions/csv',
      '/api/v1/admin/tax/form-26qf',
    ]) {
      const ok = spec.paths[path].get.responses['200'];
      expect(Object.keys(ok.content), path).toEqual(['text/csv']);
    }
  });

  it('exposes the dev outbox outside production', async () => {
    const email = uniqueEmail();
    await post(t, '/auth/register', registration(email));
    const res = await t.request({ method: 'GET', url: `/api/v1/dev/outbox?email=${email}` });
    expect(res.json().data[0]).toMatchObject({ to: email, subject: 'Verify your email' });
  });

  // Last: it spends this app's /auth allowance.
  it('rate-limits /auth calls per client with the envelope', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await post(t, '/auth/login', { email: 'a@b.co', password: 'x' })).statusCode);
    }
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    const res = await post(t, '/auth/login', { email: 'a@b.co', password: 'x' });
    expect(res.json()).toMatchObject({ success: false, status: 429, code: 'RATE_LIMITED' });
    expect((await t.request({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

describe('in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The identity key from outside the data folder, as a secret store would mount it (L13).
    const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-key-'));
    fs.writeFileSync(path.join(keyDir, 'key'), randomBytes(48).toString('base64url'));
    t = await createTestApp('pglite', {
      env: {
        IDENTITY_KEY_FILE: path.join(keyDir, 'key'),
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        // m/44'/60'/0'/0 of Hardhat's published test mnemonic (npm run admin -- xpub).
        HD_XPUB: HARDHAT_XPUB,
      },
    });
  });
  afterAll(() => t.close());

  it('has no dev outbox and no default CORS origins', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
    expect(t.app.ctx.outbox).toBeNull();
    expect(t.app.ctx.config.corsOrigins).toEqual([]);
  });
});
