import { readFile } from 'node:fs/promises';
import type { MyTradeDto, OrderDto } from '@exchange/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spotTrader } from './identity-support';
import { baseUrl, call, launchBrowser, signIn } from './support';

/** Where the screenshots go for a person to look at (not compared). */
const SHOTS = process.env.E2E_SHOTS_DIR;

let browser: Browser;
let context: BrowserContext;
let user: { email: string; token: string };
let fills: MyTradeDto[];

beforeAll(async () => {
  browser = await launchBrowser();
  user = await spotTrader('fills', '200');
  for (const volume of ['0.0002', '0.0003']) {
    const placed = await call<OrderDto>(
      '/orders/spot',
      { symbol: 'BTCUSDT', order_type: 'market', trade_type: 'buy', volume },
      user.token,
    );
    expect(placed.success, placed.message).toBe(true);
  }
  fills = (await call<MyTradeDto[]>('/orders/spot/trades?page_size=100', undefined, user.token))
    .data;
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

async function openTradeHistory(width: number): Promise<Page> {
  context = await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, user.token);
  await page.goto(`${baseUrl()}/BTCUSDT`);
  const orders = page.getByRole('region', { name: 'Your orders' });
  await orders.getByRole('tab', { name: 'Trade History' }).click();
  return page;
}

/**
 * Whether a region fits the width of a 375 px screen: its right edge inside the viewport and
 * nothing in it wider than itself (the page's own top bar is another file's concern).
 */
async function fitsPhone(page: Page, region: string): Promise<boolean> {
  return page.getByRole('region', { name: region }).evaluate((el) => {
    const right = el.getBoundingClientRect().right;
    return right <= window.innerWidth && el.scrollWidth <= el.clientWidth;
  });
}

const cellTexts = (page: Page, testId: string) =>
  page.getByTestId('trade-row').getByTestId(testId).allInnerTexts();

describe('Trade History', () => {
  it('shows each fill of the user with price, amount, fee, TDS and maker or taker', async () => {
    // Two market buys: each fills at least once, as the taker.
    expect(fills.length).toBeGreaterThanOrEqual(2);
    expect(fills.every((f) => f.side === 'buy' && f.role === 'taker')).toBe(true);
    const page = await openTradeHistory(1366);
    await page.getByTestId('trade-row').first().waitFor();
    expect(await page.getByTestId('trade-row').count()).toBe(fills.length);
    const grouped = (v: string) => Number(v.replaceAll(',', ''));
    expect((await cellTexts(page, 'trade-price')).map(grouped)).toEqual(
      fills.map((f) => Number(f.price)),
    );
    expect(await cellTexts(page, 'trade-amount')).toEqual(fills.map((f) => f.amount));
    expect(await cellTexts(page, 'trade-fee')).toEqual(fills.map((f) => `${f.fee} BTC`));
    expect(await cellTexts(page, 'trade-tds')).toEqual(fills.map((f) => `${f.tds} BTC`));
    expect(await cellTexts(page, 'trade-role')).toEqual(fills.map(() => 'Taker'));
    const bought = fills.reduce((sum, f) => sum + Number(f.amount), 0);
    expect(bought).toBeCloseTo(0.0005, 10);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/trade-history-1366.png`, fullPage: true });

    // The CSV holds the same fills.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('trades.csv');
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(fills.length + 1);
    expect(lines.slice(1).map((l) => l.split(',').slice(1, 5))).toEqual(
      fills.map((f) => ['BTCUSDT', 'buy', f.price, f.amount]),
    );
  });

  it('shows the average fill price on the filled order in Order History', async () => {
    const page = await openTradeHistory(1366);
    const orders = page.getByRole('region', { name: 'Your orders' });
    await orders.getByRole('tab', { name: 'Order History' }).click();
    const averages = orders.getByTestId('order-row').getByTestId('order-average');
    await averages.first().waitFor();
    const closed = (
      await call<OrderDto[]>('/orders/spot?order_status=closed', undefined, user.token)
    ).data;
    expect((await averages.allInnerTexts()).map((v) => Number(v.replaceAll(',', '')))).toEqual(
      closed.map((o) => Number(o.average_price)),
    );
  });

  it('lists the fills as cards on a phone', async () => {
    const page = await openTradeHistory(375);
    await page.getByTestId('trade-row').first().waitFor();
    expect(await page.getByTestId('trade-row').count()).toBe(fills.length);
    expect(await fitsPhone(page, 'Your orders')).toBe(true);
    if (SHOTS) {
      await page.getByRole('region', { name: 'Your orders' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/trade-history-375.png`, fullPage: true });
    }
  });
});

describe('the order book', () => {
  async function openBook(width: number): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/BTCUSDT`);
    if (width < 768) await page.getByRole('tab', { name: 'Order Book' }).click();
    await page.getByTestId('bid-row').first().waitFor({ timeout: 15_000 });
    return page;
  }
  const bidPrices = async (page: Page) =>
    (await page.getByTestId('bid-row').allInnerTexts()).map((text) =>
      Number((/^([\d,.]+)/.exec(text.replace(/^Bid price\s*/, ''))?.[1] ?? '').replaceAll(',', '')),
    );

  it('groups prices by a multiple of the tick, shows the spread and depth bars', async () => {
    const page = await openBook(1366);
    await page
      .getByTestId('book-spread')
      .filter({ hasText: /^Spread [\d,.]+ \([\d.]+%\)$/ })
      .waitFor();
    const bars = await page
      .getByTestId('bid-row')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).style.getPropertyValue('--depth')));
    // Cumulative: each bar at least as long as the one above it.
    const lengths = bars.map((b) => Number.parseFloat(b));
    expect(lengths.every((l, i) => i === 0 || l >= (lengths[i - 1] ?? 0))).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/book-1366.png` });

    await page.getByLabel('Group prices by').selectOption('10');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="bid-row"]')].every((row) =>
        /^Bid price [\d,]+,/.test(row.textContent ?? ''),
      ),
    );
    const grouped = await bidPrices(page);
    expect(grouped.length).toBeGreaterThan(0);
    expect(grouped.every((p) => p % 10 === 0)).toBe(true);
    // Best first, one row per group.
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort((a, b) => b - a)).toEqual(grouped);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/book-grouped-1366.png` });
  });

  it('draws the depth chart in its own tab, named for screen readers', async () => {
    const page = await openBook(1366);
    await page.getByRole('tab', { name: 'Depth' }).click();
    const chart = page.getByRole('img', { name: /^Depth chart: bids from [\d,.]+ to [\d,.]+/ });
    await chart.waitFor();
    expect((await chart.boundingBox())?.height).toBeGreaterThan(200);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/depth-1366.png` });
  });

  it('keeps the grouping, the spread and the depth chart on a phone', async () => {
    const page = await openBook(375);
    await page.getByTestId('book-spread').waitFor();
    const row = await page.getByTestId('bid-row').first().boundingBox();
    expect(row?.height).toBeGreaterThanOrEqual(24);
    await page.getByLabel('Group prices by').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/book-375.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Depth' }).click();
    await page.getByTestId('depth-chart').waitFor();
    expect(await fitsPhone(page, 'Chart, order book and recent trades')).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/depth-375.png`, fullPage: true });
  });
});

describe('the chart', () => {
  async function openChart(width: number): Promise<Page> {
    context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByTestId('price-chart').locator('canvas').first().waitFor({ timeout: 20_000 });
    return page;
  }
  const chart = (page: Page) => page.getByTestId('price-chart');

  it('adds indicators from the menu, remembers them, and loads older candles on scrolling back', async () => {
    const page = await openChart(1366);
    const menu = page.getByRole('button', { name: 'Indicators' });
    await menu.click();
    for (const name of ['MA (20)', 'Bollinger bands (20, 2)', 'RSI (14)', 'MACD (12, 26, 9)'])
      await page.getByRole('checkbox', { name, exact: true }).check();
    await page.keyboard.press('Escape');
    await page
      .getByRole('checkbox', { name: 'MA (20)', exact: true })
      .waitFor({ state: 'detached' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await chart(page).getAttribute('data-indicators')).toBe('ma bb rsi macd');
    await page.getByRole('button', { name: 'Indicators (4)' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chart-indicators-1366.png` });

    await page.reload();
    await chart(page).locator('canvas').first().waitFor();
    expect(await chart(page).getAttribute('data-indicators')).toBe('ma bb rsi macd');

    // Dragging the candles to the right scrolls back in time, past the oldest loaded.
    const older = page.waitForRequest(/\/chart\?.*end_time=\d+/, { timeout: 20_000 });
    const box = await chart(page).boundingBox();
    if (!box) throw new Error('no chart');
    for (let i = 0; i < 4; i += 1) {
      await page.mouse.move(box.x + 80, box.y + box.height / 3);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 100, box.y + box.height / 3, { steps: 8 });
      await page.mouse.up();
    }
    const request = await older;
    expect(new URL(request.url()).searchParams.get('limit')).toBe('200');
    expect((await request.response())?.status()).toBe(200);
  });

  it('shows the indicators on a phone', async () => {
    const page = await openChart(375);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chart-375.png` });
    await page.getByRole('button', { name: 'Indicators' }).click();
    await page.getByRole('checkbox', { name: 'EMA (50)' }).check();
    await page.getByRole('checkbox', { name: 'Volume MA (20)' }).check();
    await page.getByRole('checkbox', { name: 'RSI (14)' }).check();
    expect(await fitsPhone(page, 'Chart, order book and recent trades')).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chart-menu-375.png` });
    // A tap outside the menu closes it.
    await page.getByText('24h High').click();
    await page.getByRole('checkbox', { name: 'EMA (50)' }).waitFor({ state: 'detached' });
    expect(await chart(page).getAttribute('data-indicators')).toBe('ema volMa rsi');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/chart-indicators-375.png` });
  });
});
