import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  browserForFile,
  call,
  DEMO_PASSWORD,
  pathOf,
  signIn,
  waitForToast,
} from './support';

const { open } = browserForFile();

const DEMO = { email: 'demo@exchange.local', password: DEMO_PASSWORD };

/** What has focus: its accessible name as the page's own labels give it, or its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const labelled = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    return (labelled ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });

/** Presses Tab until `name` has focus; the number of presses, at most `max`. */
async function tabTo(page: Page, name: string, max: number): Promise<number> {
  for (let presses = 1; presses <= max; presses++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)) === name) return presses;
  }
  throw new Error(`${name} not reached in ${max} Tabs (last: ${await focused(page)})`);
}

describe('by keyboard alone', () => {
  it('logs in from page load: the skip link, one Tab to the email, Enter to go on and submit', async () => {
    const page = await open();
    await page.goto(`${baseUrl()}/login`);
    await page.getByRole('button', { name: 'Next' }).waitFor();

    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Skip to main content');
    expect(await page.getByRole('link', { name: 'Skip to main content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await tabTo(page, 'Email/Phone Number', 1)).toBe(1);

    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Enter');
    await page.getByLabel('Password', { exact: true }).waitFor();
    expect(await focused(page)).toBe('Password');
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/BTCUSDT$/, { timeout: 20_000 });
    expect(pathOf(page)).toBe('/BTCUSDT');
  });

  it('places a limit order on /BTCUSDT: a few Tabs past the header, chart and book to the price', async () => {
    const login = await call<{ access_token: string }>('/auth/login', DEMO);
    const page = await open();
    await signIn(page, login.data.access_token);
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const spot = page.getByRole('region', { name: 'Spot' });
    await spot.getByRole('button', { name: 'Buy BTC' }).waitFor();
    await page.getByTestId('bid-row').first().waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Charting by TradingView' }).waitFor();

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The pair, Price alert, the chart's intervals, types, Indicators and its attribution link,
    // the book's tab, grouping and rows (one stop), Buy/Sell, the four order types: 21 stops.
    expect(await tabTo(page, 'Price (USDT)', 21)).toBeLessThanOrEqual(21);

    // The book is one Tab stop whose rows the arrows walk: Shift+Tab back into it, Home to the
    // top ask, End to the bottom bid, up one, Enter to pick it. The book moves live (the demo
    // market requotes a side at a time), so a walk that met a side empty or a row gone between
    // two keys is walked again.
    const price = spot.getByLabel('Price (USDT)');
    const inBook = () => page.evaluate(() => document.activeElement?.hasAttribute('data-row-key'));
    const walk = async () => {
      await price.fill('');
      await price.focus();
      for (let i = 0; i < 8 && !(await inBook()); i++) await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Home');
      const top = await focused(page);
      await page.keyboard.press('End');
      const bottom = await focused(page);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      return { top, bottom, picked: await price.inputValue() };
    };
    const whole = (w: Awaited<ReturnType<typeof walk>>) =>
      /^Ask/.test(w.top) && /^Bid/.test(w.bottom) && w.picked !== '';
    let walked = await walk();
    for (let attempt = 1; attempt < 4 && !whole(walked); attempt++) walked = await walk();
    expect(walked.top).toMatch(/^Ask price [\d,.]+, amount [\d,.]+, total /);
    expect(walked.bottom).toMatch(/^Bid price /);
    expect(walked.picked).not.toBe('');

    // A resting buy well under the market, typed over what the book filled in; Enter places it.
    await tabTo(page, 'Price (USDT)', 20);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('50000');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Amount (BTC)');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0.001');
    await page.keyboard.press('Enter');
    await waitForToast(page, 'Order placed successfully');
    await call('/orders/spot/cancel-all', { symbol: 'BTCUSDT' }, login.data.access_token);
  });
});
