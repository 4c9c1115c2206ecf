import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWebApp } from '../src/plugins/web-app.js';
import { testConfig } from './support/test-app.js';

const JS = 'export const answer = 42;'.repeat(50);
const HTML = '<!doctype html><title>Exchange</title>';
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../web/public');
const pageName = (route: string) => route.replace(/\W+/g, '-').replace(/^-|-$/g, '');
const pageOf = (route: string) =>
  `${HTML}<link rel="modulepreload" href="/assets/${pageName(route)}.js">`;

describe('the built web app', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    const asset = path.join(dir, 'assets/app-Ab12Cd.js');
    fs.writeFileSync(asset, JS);
    fs.writeFileSync(`${asset}.br`, brotliCompressSync(JS));
    fs.writeFileSync(`${asset}.gz`, gzipSync(JS));
    fs.writeFileSync(path.join(dir, 'index.html'), HTML);
    fs.writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(HTML));
    fs.writeFileSync(`${asset}.map`, '{"version":3,"sources":["../src/secret-logic.ts"]}');
    // The build's page per route (apps/web/scripts/route-pages-plugin.ts), in the app's order.
    fs.mkdirSync(path.join(dir, 'pages'));
    const routes = ['/custom-chart/:symbol', '/login', '/wallets/spot', '/admin/*', '/:symbol'];
    const index = routes.map((route) => ({ path: route, page: `pages/${pageName(route)}.html` }));
    for (const { path: route, page } of index)
      fs.writeFileSync(path.join(dir, page), pageOf(route));
    // `/` leads to the trading screen: its page too.
    index.push({ path: '/', page: `pages/${pageName('/:symbol')}.html` });
    fs.writeFileSync(path.join(dir, 'pages/index.json'), JSON.stringify(index));
    // What vite copies from apps/web/public into the build's root.
    for (const file of ['robots.txt', 'favicon.ico'])
      fs.copyFileSync(path.join(WEB_PUBLIC, file), path.join(dir, file));
    app = Fastify();
    // The API's limit: two requests a minute, so a third API call would be refused.
    await app.register(rateLimit, { global: true, max: 2, timeWindow: 60_000 });
    app.get('/api/v1/ping', async () => ({ ok: true }));
    await serveWebApp(app, { ...testConfig(), webDist: dir });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, encoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('sends the brotli twin, else the gzip one, else the file, by Accept-Encoding', async () => {
    const br = await get('/assets/app-Ab12Cd.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);
    const gz = await get('/assets/app-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
    const plain = await get('/assets/app-Ab12Cd.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(JS);
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
  });

  it('caches hashed assets for a year, immutable, and revalidates index.html', async () => {
    const asset = await get('/assets/app-Ab12Cd.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/wallets/unknown', '/profile/kyc/extra']) {
      const page = await get(url, 'gzip');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(gunzipSync(page.rawPayload).toString(), url).toBe(HTML);
    }
    const login = await get('/login', 'gzip');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    const again = await get('/login');
    expect(again.headers.etag).toBeDefined();
    const unchanged = await app.inject({
      url: '/login',
      headers: { 'if-none-match': String(again.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it("sends a client route the build's page for it, ranked as React Router ranks routes", async () => {
    const pages = {
      '/login': '/login',
      '/login/': '/login',
      '/wallets/spot': '/wallets/spot',
      '/': '/:symbol',
      '/BTCUSDT': '/:symbol',
      '/custom-chart': '/:symbol',
      '/ETHUSDT?interval=1h': '/:symbol',
      '/custom-chart/BTCUSDT': '/custom-chart/:symbol',
      '/admin': '/admin/*',
      '/admin/users/42': '/admin/*',
    };
    for (const [url, route] of Object.entries(pages)) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(pageOf(route));
    }
    // No route of the table: the plain page (the app sends the visitor on from there).
    for (const url of ['/wallets/unknown', '/profile/kyc/extra', '/login/x/y'])
      expect((await get(url)).body, url).toBe(HTML);
  });

  it('answers 404 for unknown assets and API paths, never the page', async () => {
    expect((await get('/assets/gone-Zz99.js')).statusCode).toBe(404);
    const api = await get('/api/v1/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    for (const url of ['/api', '/metrics']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await get('/metrics')).json().message).toContain('/api/v1/ops/metrics');
  });

  it('does not serve source maps to the public (review I2)', async () => {
    const map = await get('/assets/app-Ab12Cd.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-logic');
  });

  it('serves robots.txt and favicon.ico as the files they are, not the page', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/icon/);
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it('leaves static files outside the API rate limit', async () => {
    for (let i = 0; i < 10; i++) {
      const res = await get('/assets/app-Ab12Cd.js', 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
    const api = [await get('/api/v1/ping'), await get('/api/v1/ping'), await get('/api/v1/ping')];
    expect(api.map((r) => r.statusCode)).toEqual([200, 200, 429]);
  });
});

describe('a rebuild while the server runs (review W4-23)', () => {
  const build = (dir: string, name: string) => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, `assets/${name}.js`), JS);
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `${HTML}<script type="module" src="/assets/${name}.js"></script>`,
    );
  };
  const scriptOf = (html: string) => /src="([^"]+)"/.exec(html)?.[1] ?? 'none';

  it("serves the new build's index and its script, and not the old one's", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    build(dir, 'index-Old111');
    const app = Fastify();
    await serveWebApp(app, { ...testConfig(), webDist: dir });
    try {
      const before = await app.inject('/');
      expect(scriptOf(before.body)).toBe('/assets/index-Old111.js');
      expect((await app.inject('/assets/index-Old111.js')).statusCode).toBe(200);

      build(dir, 'index-New222');
      const after = await app.inject('/BTCUSDT');
      expect(scriptOf(after.body)).toBe('/assets/index-New222.js');
      const script = await app.inject(scriptOf(after.body));
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(JS);
      expect((await app.inject('/assets/index-Old111.js')).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps paths inside the build: a climb out of it is not served', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    build(dir, 'index-Abc');
    fs.writeFileSync(path.join(path.dirname(dir), 'outside-secret.txt'), 'secret');
    const app = Fastify();
    await serveWebApp(app, { ...testConfig(), webDist: dir });
    try {
      for (const url of ['/../outside-secret.txt', '/assets/%2e%2e/%2e%2e/outside-secret.txt']) {
        const res = await app.inject(url);
        expect(res.body, url).not.toContain('secret');
      }
    } finally {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(path.join(path.dirname(dir), 'outside-secret.txt'), { force: true });
    }
  });
});
