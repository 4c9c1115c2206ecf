import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths';
import { signedInAs } from './accessibility-support';
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

/**
 * Resolves once `page` has had no request in flight for half a second: Playwright's
 * `networkidle`, which an in-app navigation (no new document) does not wait for.
 */
function quietNetwork(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const start = (request: Request) => {
    inFlight.add(request);
    changed = Date.now();
  };
  const end = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return async () => {
    while (inFlight.size > 0 || Date.now() - changed < 500)
      await new Promise((resolve) => setTimeout(resolve, 100));
  };
}

/**
 * Opens every address at 375 x 812 on one page, signed in with `token` (none: signed out), and
 * answers those the page scrolls sideways on. The first loads the app; the others are in-app
 * navigations (the router follows `popstate`), so the app does not start again for each.
 */
async function walk(token: string | null): Promise<string[]> {
  const page = await pages.open(375, 812, signedInAs(token));
  const settled = quietNetwork(page);
  await page.goto(`${baseUrl()}${ADDRESSES[0]}`);
  const wide: string[] = [];
  for (const address of ADDRESSES) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, address);
    await settled();
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

describe('no screen scrolls sideways at 375 px (issue 30)', () => {
  it('walks every route of config/paths.ts', () => {
    expect(ADDRESSES).toContain('/admin/withdrawals');
    expect(ADDRESSES).toContain('/wallets/funding');
    expect(ADDRESSES.length).toBeGreaterThanOrEqual(25);
  });

  it('signed out', async () => {
    expect(await walk(null)).toEqual([]);
  }, 180_000);

  it('signed in as the demo user', async () => {
    const login = await call<{ access_token: string }>('/auth/login', {
      email: 'demo@exchange.local',
      password: DEMO_PASSWORD,
    });
    expect(await walk(login.data.access_token)).toEqual([]);
  }, 180_000);

  it('signed in as the admin, the console included', async () => {
    expect(await walk(await adminToken())).toEqual([]);
  }, 180_000);
});
