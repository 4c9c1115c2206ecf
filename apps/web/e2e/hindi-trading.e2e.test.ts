import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishOnScreen } from './hindi-support';
import { spotTrader } from './identity-support';
import { baseUrl, browserForFile, signIn } from './support';

/**
 * Issue 36 on the trading screen and the markets: a user whose saved language is Hindi sees
 * /BTCUSDT (pair header, chart toolbar, book, order form, orders) and /market in Hindi at 1366
 * and 375 px (the phone's order sheet too), nothing wider than the phone, and places a limit
 * order from the Hindi form that shows under Open Orders with its side, type and status in
 * Hindi. Screenshots go to SCREENSHOT_DIR (default /tmp/hindi-screens).
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';

let trader: { email: string; token: string };

beforeAll(async () => {
  trader = await spotTrader('hindi-trader', '200');
  // The choice saved on the account, as the language switch saves it.
  const saved = await fetch(`${baseUrl()}/api/v1/users/language`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(saved.ok).toBe(true);
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** A signed-in page in Hindi at `width`, its Devanagari font in. */
async function openHindi(width: number, height: number): Promise<Page> {
  const page = await browser.open(width, height, { locale: 'hi-IN' });
  await signIn(page, trader.token);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  return page;
}

/** Waits for the screen to settle (data in, nothing busy, fonts loaded), checks it, shoots it. */
async function checkScreen(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  expect(await englishOnScreen(page), `${name} at ${width} px shows English`).toEqual([]);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name} scrolls sideways in Hindi`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SHOTS, `trading-${name}-${width}.png`), fullPage: true });
}

describe('the trading screen and the markets in Hindi', () => {
  it('shows /BTCUSDT in Hindi at 1366 px and places a limit order from the Hindi form', async () => {
    const page = await openHindi(1366, 900);
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const form = page.getByRole('region', { name: 'स्पॉट' });
    await form.waitFor();
    await page.getByTestId('bid-row').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('chart-legend').waitFor({ timeout: 20_000 });
    await page.getByTestId('available-balance').filter({ hasText: '200' }).waitFor();
    await checkScreen(page, 'trade', 1366);

    // The top bar's Trade menu: Spot Trading's pairs, the search, Margin Trading.
    await page.getByRole('button', { name: 'ट्रेड', exact: true }).click();
    const menu = page.getByRole('group', { name: 'ट्रेड', exact: true });
    await menu.getByTestId('pair-row').first().waitFor({ timeout: 15_000 });
    expect(await englishOnScreen(page, menu)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'trading-trade-menu-1366.png') });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    // A limit buy far below the market: it rests on the book.
    await form.getByRole('button', { name: 'खरीदें', exact: true }).click();
    await form.getByRole('button', { name: 'लिमिट', exact: true }).click();
    await form.getByLabel('भाव (USDT)').fill('1000');
    await form.getByLabel('मात्रा (BTC)').fill('0.01');
    await form.getByRole('button', { name: 'BTC खरीदें' }).click();
    const orders = page.getByRole('region', { name: 'आपके ऑर्डर' });
    await orders.getByRole('tab', { name: 'खुले ऑर्डर' }).waitFor();
    const row = orders.getByTestId('order-row').filter({ hasText: '1,000.00' });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.innerText()).toMatch(/BTC\/USDT[\s\S]*खरीदें[\s\S]*लिमिट[\s\S]*खुला/);
    await row.getByRole('button', { name: 'रद्द करें' }).waitFor();
    expect(await englishOnScreen(page, orders)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'trading-order-1366.png'), fullPage: true });
  });

  it('shows /BTCUSDT and its order sheet in Hindi at 375 px', async () => {
    const page = await openHindi(375, 812);
    await page.goto(`${baseUrl()}/BTCUSDT`);
    const bar = page.getByRole('group', { name: 'ऑर्डर दें' });
    await bar.waitFor();
    await page.getByTestId('chart-legend').waitFor({ timeout: 20_000 });
    await checkScreen(page, 'trade', 375);

    // The book's tabs, in Hindi too.
    await page.getByRole('tab', { name: 'ऑर्डर बुक' }).click();
    await page.getByTestId('bid-row').first().waitFor({ timeout: 20_000 });
    await checkScreen(page, 'trade-book', 375);

    await bar.getByRole('button', { name: 'BTC बेचें' }).click();
    const sheet = page.getByRole('dialog', { name: 'स्पॉट BTC/USDT' });
    await sheet.getByLabel('मात्रा (BTC)').waitFor();
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    expect(await englishOnScreen(page, sheet)).toEqual([]);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, 'the order sheet scrolls sideways in Hindi').toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(SHOTS, 'trading-sheet-375.png') });
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // The phone menu's pair list.
    await page.getByRole('button', { name: 'मेन्यू खोलें' }).click();
    const pairs = page.getByRole('region', { name: 'मार्केट', exact: true });
    await pairs.getByTestId('pair-row').first().waitFor({ timeout: 15_000 });
    expect(await englishOnScreen(page, pairs)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'trading-menu-375.png') });
  });

  it('shows /market in Hindi at 1366 and 375 px', async () => {
    for (const [width, height] of [
      [1366, 900],
      [375, 812],
    ] as const) {
      const page = await openHindi(width, height);
      await page.goto(`${baseUrl()}/market`);
      await page.getByRole('heading', { name: 'मार्केट एक नज़र में' }).waitFor();
      await page.getByRole('link', { name: 'BTC/USDT' }).first().waitFor({ timeout: 20_000 });
      await checkScreen(page, 'market', width);
    }
  });
});
