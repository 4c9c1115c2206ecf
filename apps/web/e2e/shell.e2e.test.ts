import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, call, DEMO_PASSWORD, signIn } from './support';

const openPage = browserForFile().open;

describe('top bar', () => {
  it('Trade menu lists live pairs from /symbols and the socket feed', async () => {
    const page = await openPage(1280, 800);
    const tickerFrames: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = payload.toString();
        if (text.includes('all_ticker_update')) tickerFrames.push(text);
      }),
    );
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByRole('button', { name: /Trade/ }).hover();
    await page.getByRole('button', { name: /Spot Trading/ }).hover();
    const rows = page.getByTestId('pair-row');
    await rows.first().waitFor({ timeout: 15_000 });
    const first = (await rows.first().innerText()).replace(/\s+/g, ' ');
    // No 10X badge: spot pairs have no leverage (walk-3 D27).
    expect(first).toMatch(/^[A-Z0-9]+\/USDT [\d,.]+ [+-]\d+\.\d{2}%$/);

    await page.getByRole('searchbox', { name: 'Search pairs' }).fill('btc');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="pair-row"]')].every((r) =>
        r.textContent?.startsWith('BTC/'),
      ),
    );

    for (const term of ['BTC/USDT', 'bitcoin']) {
      await page.getByRole('searchbox', { name: 'Search pairs' }).fill(term);
      await rows.filter({ hasText: /^BTC\/USDT/ }).waitFor();
    }

    await page.getByRole('button', { name: /Margin Trading/ }).hover();
    await page.getByText('Coming Soon').waitFor();

    const deadline = Date.now() + 20_000;
    while (tickerFrames.length === 0 && Date.now() < deadline) await page.waitForTimeout(250);
    expect(tickerFrames.length).toBeGreaterThan(0);
  });

  it('Trade menu stays open on a click, opens from the keyboard on Enter or Space only, and Escape returns to Trade', async () => {
    const page = await openPage(1280, 800);
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const trade = page.getByRole('button', { name: 'Trade', exact: true });
    const menu = page.getByRole('group', { name: 'Trade' });
    await trade.click();
    await page.waitForTimeout(300);
    expect(await trade.getAttribute('aria-expanded')).toBe('true');
    await menu.waitFor();
    // Chosen, it is modal: the page under it is inert until it closes.
    const mainInert = () => page.locator('main').evaluate((e) => (e as HTMLElement).inert);
    expect(await mainInert()).toBe(true);
    await page.mouse.move(640, 700);
    await menu.waitFor({ state: 'detached' });
    expect(await mainInert()).toBe(false);

    // Focus alone opens nothing: Tab goes on past Trade to Log In.
    await page.getByRole('link', { name: 'Exchange home' }).focus();
    await page.keyboard.press('Tab');
    expect(await trade.evaluate((e) => e === document.activeElement)).toBe(true);
    expect(await trade.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Log In');
    expect(await menu.count()).toBe(0);

    await trade.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    const search = page.getByRole('searchbox', { name: 'Search pairs' });
    // Past Spot, Margin and the quote coins' tabs (USDT, INR).
    for (let i = 0; i < 6 && !(await search.evaluate((e) => e === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await search.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.type('eth');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^ETH\/USDT/);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    // Radix's focus scope hands focus back in a timeout after the menu unmounts.
    await expect.poll(() => trade.evaluate((e) => e === document.activeElement)).toBe(true);
    await page.keyboard.press(' ');
    await menu.waitFor();
    await page.keyboard.press(' ');
    await menu.waitFor({ state: 'detached' });
  });

  it('works at 375 px: no sideways scroll, menu toggle with the sign-in links', async () => {
    const page = await openPage(375, 812);
    for (const path of ['/crypto-signup', '/login', '/BTCUSDT']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('complementary', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Log In' }).waitFor();
    await drawer.getByRole('link', { name: 'Sign Up' }).waitFor();
  });
});

describe('standalone chart', () => {
  it('names the pair with its price and links back to trading; an unknown pair says so (walk-3 D26)', async () => {
    const page = await openPage(375, 740);
    await page.goto(`${baseUrl()}/custom-chart/ETHUSDT`);
    await page.getByRole('heading', { level: 1, name: 'ETH/USDT' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('last-price').innerText()).toMatch(/^[\d,.]+ [▲▼] [+-]\d/);
    await page.getByTestId('price-chart').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await page.getByRole('link', { name: '← Trade ETH/USDT' }).click();
    await page.waitForURL((url) => url.pathname === '/ETHUSDT');

    await page.goto(`${baseUrl()}/custom-chart/NOPE`);
    await page
      .getByRole('heading', { level: 1, name: 'Unknown pair' })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('price-chart').count()).toBe(0);
    expect(await page.getByText('Chart data unavailable').count()).toBe(0);
  });
});

describe('budget', () => {
  // 205 KB on 27 November (issue 30): 178 KB before the form paints (the shell in one chunk,
  // without zod), then its schemas with zod once it is up. Issue 30's goal of 120 KB is out of
  // reach with today's libraries (apps/web/scripts/route-size.ts).
  it('loads at most 208 KB of gzipped JavaScript on /login', async () => {
    const page = await openPage(1280, 800);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    expect(total / 1024).toBeLessThanOrEqual(208);
  });
});

describe('first load', () => {
  it("names each screen's chunks in the page the server sends for it, fetched once, beside the shell", async () => {
    /** The chunks a page names for preloading, by file. */
    const preloads = async (url: string) => {
      const html = await (await fetch(`${baseUrl()}${url}`)).text();
      return [...html.matchAll(/rel="modulepreload" crossorigin href="\/assets\/([\w.-]+)"/g)].map(
        (link) => link[1] ?? '',
      );
    };
    const chunks = async (url: string) =>
      (await preloads(url)).map((file) => file.replace(/-[\w-]{8}\.js$/, '')).sort();
    expect(await chunks('/login')).toContain('login');
    expect(await chunks('/BTCUSDT')).toEqual(expect.arrayContaining(['trade', 'price-chart']));
    expect(await chunks('/wallets/spot')).toContain('spot');
    expect(await chunks('/wallets/spot')).not.toContain('login');
    // `/` leads to the trading screen; a path no screen has names only what every page loads.
    expect(await chunks('/')).toEqual(await chunks('/BTCUSDT'));
    expect(await chunks('/wallets/unknown')).toEqual(['rolldown-runtime']);

    const login = (await preloads('/login')).find((file) => file.startsWith('login-'));
    const page = await openPage(375, 812);
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Next' }).waitFor();
    const fetched = await page.evaluate(
      (file) => performance.getEntriesByType('resource').filter((e) => e.name.endsWith(`/${file}`)),
      login,
    );
    // Once: the preload and the import agree (URL and CORS mode), so it is not fetched again.
    expect(fetched).toHaveLength(1);
  });
});

describe('console', () => {
  it('stays free of errors and warnings on a first visit to each screen, signed out and in', async () => {
    const login = await call<{ access_token: string }>('/auth/login', {
      email: 'demo@exchange.local',
      password: DEMO_PASSWORD,
    });
    const screens = {
      guest: ['/BTCUSDT', '/login', '/crypto-signup', '/custom-chart/ETHUSDT'],
      member: ['/BTCUSDT', '/market', '/wallets', '/wallets/spot', '/profile', '/withdraw-history'],
    };
    for (const [who, paths] of Object.entries(screens)) {
      const page = await openPage(375, 740);
      if (who === 'member') await signIn(page, login.data.access_token);
      const said: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') said.push(`${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (err) => said.push(`uncaught: ${err.message}`));
      for (const path of paths) {
        // A first visit: the router starts only once the screen's chunk has loaded.
        await page.goto(`${baseUrl()}${path}`);
        await page.waitForLoadState('networkidle');
        expect(said, `${who} ${path}`).toEqual([]);
      }
    }
  });
});
