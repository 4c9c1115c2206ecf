import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, DEMO_PASSWORD, launchBrowser, signIn, verifiedUser } from './support';

const DEMO = { email: 'demo@exchange.local', password: DEMO_PASSWORD };

let browser: Browser;
let context: BrowserContext;
let demoToken: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await call<{ access_token: string }>('/auth/login', DEMO);
  demoToken = login.data.access_token;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openTrade(token?: string, width = 1366): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (token) await signIn(page, token);
  await page.goto(`${baseUrl()}/BTCUSDT`);
  // A phone's order form is in a sheet its Buy and Sell bar opens (phone.e2e.test.ts).
  if (width < 768) await page.getByRole('group', { name: 'Place an order' }).waitFor();
  else await page.getByRole('region', { name: 'Spot' }).waitFor();
  return page;
}

const form = (page: Page) => page.getByRole('region', { name: 'Spot' });
const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 15_000 });

/** A number as a book row shows it (97,077.60). */
const shownNumber = (text: string | undefined) => Number(text?.replaceAll(',', ''));

/** The best bid shown in the book, from its row's accessible name (what it shows). */
async function bestBid(page: Page): Promise<number> {
  const row = page.getByTestId('bid-row').first();
  await row.waitFor({ timeout: 15_000 });
  return shownNumber(/^Bid price ([\d,.]+),/.exec((await row.textContent()) ?? '')?.[1]);
}

async function placeOrder(page: Page, side: 'Buy' | 'Sell', price: string | null, amount: string) {
  const spot = form(page);
  await spot.getByRole('button', { name: side, exact: true }).click();
  await spot.getByRole('button', { name: price ? 'Limit' : 'Market', exact: true }).click();
  if (price) await spot.getByLabel('Price (USDT)').fill(price);
  await spot.getByLabel('Amount (BTC)').fill(amount);
  await spot.getByRole('button', { name: `${side} BTC` }).click();
}

/** A compact figure with Indian grouping: "3.68 Cr", "2.50 L", "3,000" or "999.5". */
const COMPACT_INDIAN = /^\d[\d,]*(\.\d+)?( L| Cr)?$/;

/** The number a compact figure stands for ("3.68 Cr" → 36,800,000). */
function compactValue(text: string): number {
  const unit = text.endsWith(' Cr') ? 1e7 : text.endsWith(' L') ? 1e5 : 1;
  return parseFloat(text.replace(/,/g, '')) * unit;
}

describe('trading screen, visitor', () => {
  it('shows Log In and Sign Up in the form instead of the order button', async () => {
    const page = await openTrade();
    await form(page).getByRole('link', { name: 'Log In' }).waitFor();
    await form(page).getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await form(page).getByRole('button', { name: 'Buy BTC' }).count()).toBe(0);
  });

  it('picks another pair from the keyboard with a full page navigation', async () => {
    const page = await openTrade();
    const selector = page.getByRole('button', { name: /^Pair BTC\/USDT/ });
    await selector.focus();
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: 'Choose a pair' });
    await picker.waitFor();
    expect(await picker.getByTestId('pair-row').count()).toBeGreaterThanOrEqual(24);
    // The search has focus: typing narrows the list.
    await page.keyboard.type('eth/usdt');
    await expect.poll(() => picker.getByTestId('pair-row').count()).toBe(1);
    const navigation = page.waitForEvent('framenavigated');
    await picker.getByRole('link', { name: /^ETH\/USDT/ }).focus();
    await page.keyboard.press('Enter');
    await navigation;
    await page.waitForURL(/\/ETHUSDT$/);
    await page.getByRole('button', { name: /^Pair ETH\/USDT/ }).waitFor();
  });

  it('switches the chart interval and type', async () => {
    const page = await openTrade();
    const chart = page.getByTestId('price-chart');
    await chart.waitFor();
    expect(await chart.getAttribute('data-interval')).toBe('5m');
    await page.getByTestId('chart-legend').waitFor();
    const reload = page.waitForResponse((r) => r.url().includes('/chart?interval=1h') && r.ok());
    await page.getByRole('button', { name: '1h', exact: true }).click();
    await reload;
    expect(await chart.getAttribute('data-interval')).toBe('1h');
    await page.getByRole('button', { name: 'Bars' }).click();
    expect(await chart.getAttribute('data-kind')).toBe('bars');
    expect(await page.getByRole('button', { name: 'Bars' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Grouped as the price axis is (W4-24): BTC near a lakh of USDT reads "97,123.45".
    const legend = await page.getByTestId('chart-legend').innerText();
    expect(legend).toMatch(/^O \d[\d,]*\.\d+ H \d[\d,]*\.\d+ L \d[\d,]*\.\d+ C \d[\d,]*\.\d+$/);
    expect(legend).toContain(',');
  });

  it('builds the chart once per interval, with its candles, not empty first', async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const made: Element[] = [];
      Object.assign(window, { madeCanvases: made });
      const createElement = Document.prototype.createElement;
      Document.prototype.createElement = function (
        this: Document,
        ...args: Parameters<typeof createElement>
      ) {
        const element = createElement.apply(this, args);
        if (element instanceof HTMLCanvasElement) made.push(element);
        return element;
      } as typeof createElement;
    });
    /** The canvases made so far, and how many of them are on the page. */
    const canvases = () =>
      page.evaluate(() => {
        const made = (window as unknown as { madeCanvases: Element[] }).madeCanvases;
        return { made: made.length, onPage: made.filter((canvas) => canvas.isConnected).length };
      });
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByTestId('chart-legend').waitFor();
    const first = await canvases();
    expect(first.onPage).toBeGreaterThan(0);
    expect(first.made).toBe(first.onPage);
    // Another interval: its candles are not loaded yet; the chart is rebuilt once they are.
    const reload = page.waitForResponse((r) => r.url().includes('/chart?interval=15m') && r.ok());
    await page.getByRole('button', { name: '15m', exact: true }).click();
    await reload;
    await page.getByTestId('price-chart').and(page.locator('[data-interval="15m"]')).waitFor();
    await page.getByTestId('chart-legend').waitFor();
    await expect.poll(async () => (await canvases()).onPage).toBe(first.onPage);
    const second = await canvases();
    expect(second.onPage).toBe(first.onPage);
    expect(second.made - first.made).toBe(second.onPage);
  });

  it("prices a coin worth a fraction of a cent to its own decimals in the book and the chart's legend", async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/SHIBUSDT`);
    // The book's rows show every price to the pair's tick, so its columns line up.
    await page.getByTestId('ask-row').first().waitFor();
    for (const row of await page.getByTestId('ask-row').all()) {
      expect(await row.textContent()).toMatch(/^Ask price 0\.\d{8},/);
    }
    const legend = page.getByTestId('chart-legend');
    await legend.waitFor();
    expect(await legend.innerText()).toMatch(
      /^O 0\.0000\d{4} H 0\.0000\d{4} L 0\.0000\d{4} C 0\.0000\d{4}$/,
    );
  });

  it('changes the book and the last price live', async () => {
    const page = await openTrade();
    const book = page.getByRole('list', { name: 'Bids' });
    await page.getByTestId('bid-row').first().waitFor();
    const before = await book.innerText();
    const priceBefore = await page.getByTestId('last-price').innerText();
    // The market maker moves the book; a trade of ours moves the price for sure.
    await call(
      '/orders/spot',
      { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume: '0.0002' },
      demoToken,
    );
    await call(
      '/orders/spot',
      { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'sell', volume: '0.0002' },
      demoToken,
    );
    await page.waitForFunction(
      (text) => document.querySelector('[aria-label="Bids"]')?.textContent !== text,
      await book.textContent(),
      { timeout: 20_000 },
    );
    expect(await book.innerText()).not.toBe(before);
    await page.waitForFunction(
      (text) =>
        (document.querySelector('[data-testid="last-price"]') as HTMLElement | null)?.innerText !==
        text,
      priceBefore,
      { timeout: 20_000 },
    );
  });

  it('fills the form from a book row', async () => {
    const page = await openTrade();
    const row = page.getByTestId('ask-row').first();
    await row.waitFor();
    // The demo market moves the book while the mouse travels: a click counts only when the row
    // showed the same figures just before and just after it.
    let shown: string | null = null;
    for (let tries = 0; shown === null && tries < 10; tries += 1) {
      const before = await row.textContent();
      await row.click();
      if ((await row.textContent()) === before) shown = before;
    }
    const [, price, amount] = /^Ask price ([\d,.]+), amount ([\d,.]+),/.exec(shown ?? '') ?? [];
    expect(Number(await form(page).getByLabel('Price (USDT)').inputValue())).toBe(
      shownNumber(price),
    );
    expect(Number(await form(page).getByLabel('Amount (BTC)').inputValue())).toBe(
      shownNumber(amount),
    );
  });

  it('starts an empty form when another pair is picked from the Trade menu', async () => {
    const page = await openTrade();
    await form(page).getByLabel('Price (USDT)').fill('12345');
    await form(page).getByLabel('Amount (BTC)').fill('0.5');
    await page.getByRole('button', { name: 'Trade', exact: true }).click();
    await page
      .getByRole('group', { name: 'Trade' })
      .getByRole('link', { name: /^ETH\/USDT/ })
      .click();
    await page.waitForURL(/\/ETHUSDT$/);
    const amount = form(page).getByLabel('Amount (ETH)');
    await amount.waitFor();
    expect(await amount.inputValue()).toBe('');
    expect(await form(page).getByLabel('Price (USDT)').inputValue()).toBe('');
    expect(await form(page).getByTestId('order-total').innerText()).toBe('0.00 USDT');
  });

  // 219 KB on 27 November, with what loads after the first paint (the socket client, the pair
  // menu) and the English catalogs of screens still being translated to come: 228. Until then
  // 275 KB; issue 30 took zod off the trading screen and put the shell in one chunk.
  it('transfers at most 228 KB of gzipped JavaScript before the chart', async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      const url = response.url();
      if (response.request().resourceType() === 'script' && !url.includes('/price-chart-')) {
        scripts.push(response.body().then((body) => gzipSync(body).length));
      }
    });
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByTestId('bid-row').first().waitFor();
    await page.waitForLoadState('networkidle');
    const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
    expect(total / 1024).toBeLessThanOrEqual(228);
  });
  it('loads the chart and the recent trades again when the socket comes back after they failed', async () => {
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const failing = [
      '**/api/v1/symbols/BTCUSDT/chart?**',
      '**/api/v1/symbols/BTCUSDT/recent-trades?**',
    ];
    for (const url of failing) await page.route(url, (route) => route.abort());
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByText('Chart data unavailable').waitFor();
    const recentTrades = page.getByRole('tab', { name: 'Recent Trades' });
    await recentTrades.click();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('trade-row').count()).toBe(0);

    // The network comes back: the socket reconnects, and what failed is fetched again.
    for (const url of failing) await page.unroute(url);
    await context.setOffline(true);
    await page.waitForTimeout(1_500);
    await context.setOffline(false);
    await page.getByTestId('trade-row').first().waitFor({ timeout: 20_000 });
    await page.getByText('Chart data unavailable').waitFor({ state: 'detached' });
  });
});

describe('trading screen, signed in', () => {
  it('tells a user without approved identity that trading needs it, with a link', async () => {
    const { token } = await verifiedUser('trader');
    const page = await openTrade(token);
    await form(page).getByText('Trading needs identity verification.').waitFor();
    const link = form(page).getByRole('link', { name: 'Complete Identity Verification' });
    expect(await link.getAttribute('href')).toBe('/profile/kyc');
  });

  it('places a limit buy below the market, lists it under Open Orders, and cancels it', async () => {
    const page = await openTrade(demoToken);
    const price = (Math.floor((await bestBid(page)) * 0.8 * 100) / 100).toFixed(2);
    await placeOrder(page, 'Buy', price, '0.001');
    await toast(page, 'Order placed successfully');
    const orders = page.getByRole('region', { name: 'Your orders' });
    const row = orders
      .getByTestId('order-row')
      .filter({ hasText: Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 }) });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/BTC\/USDT[\s\S]*Buy[\s\S]*Limit[\s\S]*Open/);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await toast(page, 'Order cancelled successfully');
    await row.waitFor({ state: 'detached' });
  });

  it('buys at market, shows the fill in Order History and the balance change without reload', async () => {
    const page = await openTrade(demoToken);
    const available = form(page).getByTestId('available-balance');
    await available.filter({ hasText: /\d/ }).waitFor();
    const before = await available.innerText();
    const beforeText = await available.textContent();
    await placeOrder(page, 'Buy', null, '0.0002');
    await toast(page, 'Order placed successfully');
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="available-balance"]')?.textContent !== text,
      beforeText,
    );
    expect(await available.innerText()).not.toBe(before);
    const orders = page.getByRole('region', { name: 'Your orders' });
    await orders.getByRole('tab', { name: 'Order History' }).click();
    const filled = orders.getByTestId('order-row').filter({ hasText: 'Market' }).first();
    await filled.waitFor();
    expect(await filled.innerText()).toMatch(/Buy[\s\S]*Market[\s\S]*Filled/);
  });

  it("places the 100% button's amount, accepted by the server", async () => {
    const page = await openTrade(demoToken);
    const price = (Math.floor((await bestBid(page)) * 0.8 * 100) / 100).toFixed(2);
    const spot = form(page);
    await spot.getByTestId('available-balance').filter({ hasText: /\d/ }).waitFor();
    await spot.getByLabel('Price (USDT)').fill(price);
    await spot.getByRole('button', { name: '100%' }).click();
    const amount = await spot.getByLabel('Amount (BTC)').inputValue();
    expect(Number(amount)).toBeGreaterThan(0);
    await spot.getByRole('button', { name: 'Buy BTC' }).click();
    await toast(page, 'Order placed successfully');
    // Release what it holds for the other tests.
    const open = await call<{ _id: string; price: string }[]>(
      '/orders/spot?order_status=open',
      undefined,
      demoToken,
    );
    for (const order of open.data) {
      await fetch(`${baseUrl()}/api/v1/orders/spot/${order._id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${demoToken}` },
        body: JSON.stringify({ status: 'cancelled' }),
      });
    }
  });

  it('says at once why a percentage cannot be placed: no price yet, or under the minimum (D20)', async () => {
    const page = await openTrade(demoToken);
    const spot = form(page);
    await spot.getByTestId('available-balance').filter({ hasText: /\d/ }).waitFor();
    await spot.getByRole('button', { name: '25%' }).click();
    await spot.getByText('Enter a price first: the amount is sized at it').waitFor();
    await spot.getByRole('button', { name: 'Sell', exact: true }).click();
    await spot
      .getByTestId('available-balance')
      .filter({ hasText: /\d.*BTC/ })
      .waitFor();
    await spot.getByLabel('Price (USDT)').fill('1');
    await spot.getByRole('button', { name: '25%' }).click();
    expect(Number(await spot.getByLabel('Amount (BTC)').inputValue())).toBeGreaterThan(0);
    await spot
      .getByRole('alert')
      .filter({ hasText: 'Order value must be at least 5 USDT' })
      .waitFor();
  });

  it('opens Deposit Funds from Available: QR, focus kept inside, Escape, then a submission', async () => {
    const page = await openTrade(demoToken);
    await form(page).getByTestId('available-balance').click();
    const dialog = page.getByRole('dialog', { name: 'Deposit Funds (USDT)' });
    await dialog.waitFor();
    await dialog
      .locator('svg title', { hasText: 'Deposit address QR code' })
      .waitFor({ state: 'attached' });
    expect(await dialog.getByRole('note').innerText()).toMatch(
      /Ethereum \(ETH\), Binance Smart Chain \(BSC\) or Polygon/,
    );
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await form(page).getByTestId('available-balance').click();
    await dialog.getByLabel('Sender Address').fill(`0x${randomBytes(20).toString('hex')}`);
    await dialog.getByLabel('Transaction Hash').fill(`0x${randomBytes(32).toString('hex')}`);
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await toast(page, 'Deposit submitted');
    await dialog.waitFor({ state: 'detached' });
  });

  it('signs the socket in at login, so a cancel elsewhere leaves Open Orders live', async () => {
    // The page opens as a visitor (its socket too), then the user logs in without a reload.
    context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByTestId('bid-row').first().waitFor();
    const bid = await bestBid(page);
    const price = (Math.floor(bid * 0.7 * 100) / 100).toFixed(2);
    const placed = await call<{ _id: string }>(
      '/orders/spot',
      { symbol: 'BTCUSDT', order_type: 'limit', trade_type: 'buy', price, volume: '0.001' },
      demoToken,
    );
    expect(placed.success).toBe(true);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Log In' })
      .click();
    await page.getByLabel('Email/Phone Number').fill(DEMO.email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/BTCUSDT$/);
    const row = page
      .getByRole('region', { name: 'Your orders' })
      .getByTestId('order-row')
      .filter({ hasText: Number(price).toLocaleString('en-US', { minimumFractionDigits: 2 }) });
    await row.waitFor();
    // Cancelled through the API, not the page: only order_update can tell the page.
    await fetch(`${baseUrl()}/api/v1/orders/spot/${placed.data._id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demoToken}` },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    await row.waitFor({ state: 'detached', timeout: 15_000 });
  });

  it("lists each pair's 24h Volume on Markets in USDT, as the trading screen's header does", async () => {
    const page = await openTrade(demoToken);
    const header = page.getByText('24h Volume (Tether USD)').locator('xpath=following-sibling::dd');
    const headerVolume = await header.innerText();
    // Indian grouping (the default) counts in lakhs and crores (W4-10).
    expect(headerVolume).toMatch(COMPACT_INDIAN);
    await page.goto(`${baseUrl()}/market`);
    const row = page
      .getByRole('table', { name: 'All markets' })
      .getByRole('row', { name: /BTC\/USDT/ });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells[4]).toMatch(COMPACT_INDIAN);
    const ratio = compactValue(cells[4] ?? '') / compactValue(headerVolume);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.01);
  });

  it("opens a pair's trading screen from its name on Markets at 375 px", async () => {
    const page = await openTrade(demoToken, 375);
    await page.goto(`${baseUrl()}/market`);
    const link = page
      .getByRole('table', { name: 'All markets' })
      .getByRole('link', { name: 'ETH/USDT', exact: true });
    await link.click();
    await page.waitForURL(/\/ETHUSDT$/);
    await page.getByRole('button', { name: 'Buy ETH' }).click();
    await form(page).getByLabel('Amount (ETH)').waitFor();
  });

  it('at 375 px: the chart first, then the orders, without sideways scroll', async () => {
    const page = await openTrade(demoToken, 375);
    await page.getByTestId('price-chart').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    const top = async (element: Locator) => (await element.boundingBox())?.y ?? 0;
    const chart = await top(page.getByTestId('price-chart'));
    const orders = await top(page.getByRole('region', { name: 'Your orders' }));
    expect(chart).toBeLessThan(orders);
  });
});
