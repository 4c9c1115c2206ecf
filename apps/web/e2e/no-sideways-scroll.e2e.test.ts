import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { adminToken } from './identity-support';
import { baseUrl, browserForFile, call, DEMO_PASSWORD } from './support';

const pages = browserForFile();

/** What a route's address needs filled in: the pair, the code's purpose. */
const ARGUMENTS: Partial<Record<keyof typeof paths, string>> = {
  trade: 'ETHUSDT',
  verification: 'registration',
  customChart: 'ETHUSDT',
};

/** Every address of `config/paths.ts`, so a route added there is walked too. */
const ADDRESSES = Object.entries(paths).map(([name, path]) =>
  (path.getHref as (arg: string) => string)(ARGUMENTS[name as keyof typeof paths] ?? ''),
);

/** Opens every address at 375 x 812 and answers those the page scrolls sideways on. */
async function walk(page: Page): Promise<string[]> {
  const wide: string[] = [];
  for (const address of ADDRESSES) {
    await page.goto(`${baseUrl()}${address}`);
    await page.waitForLoadState('networkidle');
    // Spinners gone: the widest content (the rows) is on the page.
    await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
    const { scrollWidth, innerWidth, url } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      url: location.pathname,
    }));
    if (scrollWidth > innerWidth) wide.push(`${address} (at ${url}): ${scrollWidth}px`);
  }
  return wide;
}

async function signedIn(token: string): Promise<Page> {
  const page = await pages.open(375, 812);
  await page.goto(`${baseUrl()}/BTCUSDT`);
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
  }, token);
  return page;
}

describe('no screen scrolls sideways at 375 px (issue 30)', () => {
  it('walks every route of config/paths.ts', () => {
    expect(ADDRESSES).toContain('/admin/withdrawals');
    expect(ADDRESSES).toContain('/wallets/funding');
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(25);
  });

  it('signed out', async () => {
    expect(await walk(await pages.open(375, 812))).toEqual([]);
  }, 180_000);

  it('signed in as the demo user', async () => {
    const login = await call<{ access_token: string }>('/auth/login', {
      email: 'demo@exchange.local',
      password: DEMO_PASSWORD,
    });
    expect(await walk(await signedIn(login.data.access_token))).toEqual([]);
  }, 180_000);

  it('signed in as the admin, the console included', async () => {
    expect(await walk(await signedIn(await adminToken()))).toEqual([]);
  }, 180_000);
});
