import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, signIn, verifiedUser } from './support';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const problems: string[] = [];

/** Every route of the wallets, histories, markets, profile and identity screens. */
const ROUTES = [
  { path: '/wallets', ready: 'Wallet Overview' },
  { path: '/wallets/spot', ready: 'Spot Wallet' },
  { path: '/wallets/funding', ready: 'Funding Wallet' },
  { path: '/profile', ready: 'Hello, Asha Rao' },
  { path: '/profile/kyc', ready: 'Standard Identity Verification' },
  { path: '/profile/funding', ready: 'Funding Wallet' },
  { path: '/market', ready: 'Markets Overview' },
  { path: '/deposit-history', ready: 'Deposit History' },
  { path: '/withdraw-history', ready: 'Withdraw History' },
  { path: '/kyc-verification', ready: 'Identity Verification' },
];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
  const { token } = await verifiedUser('mobile');
  await signIn(page, token);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('the wallet, history, market, profile and identity screens at 375 px', () => {
  it('render without sideways page scroll and without console errors', async () => {
    for (const { path, ready } of ROUTES) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { name: ready }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
    expect(problems).toEqual([]);
  });

  it('works from the keyboard: expands a coin and opens its Transfer dialog', async () => {
    await page.goto(`${baseUrl()}/wallets`);
    const expand = page.getByRole('button', { name: /USDT/ }).first();
    await expand.focus();
    await page.keyboard.press('Enter');
    expect(await expand.getAttribute('aria-expanded')).toBe('true');
    const transfer = page.getByRole('button', { name: 'Transfer USDT (Spot)' });
    await transfer.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Focus goes back to the button that opened the dialog.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Transfer USDT (Spot)',
      undefined,
      { timeout: 5000 },
    );
    expect(problems).toEqual([]);
  });

  it('says a deposit needs identity verification and links to it (D18)', async () => {
    await page.goto(`${baseUrl()}/wallets/funding`);
    await page.getByRole('link', { name: 'Identity Verification' }).last().waitFor();
    await page.getByRole('button', { name: 'Deposit USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: /Deposit Funds/ });
    await dialog.getByLabel('Sender Address').fill(`0x${'ab'.repeat(20)}`);
    await dialog.getByLabel('Transaction Hash').fill(`0x${'cd'.repeat(32)}`);
    await dialog.getByLabel('Amount').fill('5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const toast = page.getByTestId('toast').filter({ hasText: 'identity verification' });
    await toast.getByRole('link', { name: 'Identity Verification' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/kyc');
    await page.getByRole('heading', { name: 'Standard Identity Verification' }).waitFor();
  });
});
