import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './identity-support';
import { baseUrl, call, launchBrowser, signIn, verifiedUser } from './support';

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

describe("a coin's networks in the Deposit and Withdraw dialogs", () => {
  /** Lists a coin as an admin would, on `networks` only; answers its short name. */
  async function listCoin(networks: string[]) {
    const short = `Z${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const listed = await call(
      '/admin/markets/tokens',
      {
        name: `Coin ${short}`,
        short_name: short,
        decimals: 6,
        networks: networks.map((network) => ({ network, contract_address: null, decimals: 6 })),
      },
      await adminToken(),
    );
    expect(listed.success, listed.message).toBe(true);
    return short;
  }

  it('offers only the networks the coin is listed on, and no address for a coin on none', async () => {
    const earlier = problems.length; // the refused deposit above logged its 403
    const onPolygon = await listCoin(['polygon']);
    const nowhere = await listCoin([]);
    await page.goto(`${baseUrl()}/wallets/funding`);
    // New coins hold nothing: zero balances are hidden until asked for (W4-18).
    await page.getByLabel('Hide zero balances').uncheck();
    await page.getByRole('button', { name: `Deposit ${onPolygon} (Funding)` }).click();
    const dialog = page.getByRole('dialog', { name: `Deposit Funds (${onPolygon})` });
    await dialog.getByTestId('deposit-address').waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Network' }).innerText()).toContain(
      'Polygon',
    );
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Polygon']);
    await page.keyboard.press('Escape');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Deposit address copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await dialog.getByTestId('deposit-address').innerText(),
    );
    expect(await dialog.getByRole('note').innerText()).toMatch(
      new RegExp(`^Only deposit ${onPolygon} over Polygon\\.`),
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // A coin on no network: Deposit and Withdraw are disabled and say why (walk-3 D22).
    for (const [action, past] of [
      ['Deposit', 'deposited'],
      ['Withdraw', 'withdrawn'],
    ]) {
      const button = page.getByRole('button', {
        name: `${action} ${nowhere} (Funding): ${nowhere} cannot be ${past} yet`,
        exact: false,
      });
      await expect(button.isDisabled()).resolves.toBe(true);
    }
    await page.getByText('Not on a supported network').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(problems.slice(earlier)).toEqual([]);
  });
});
