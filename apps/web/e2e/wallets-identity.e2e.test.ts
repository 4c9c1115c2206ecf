import { UPLOAD_MESSAGES, WALLET_MESSAGES } from '@exchange/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decidePending,
  randomAadhaar,
  randomHex,
  randomPanLowercase,
  solidPng,
} from './identity-support';
import {
  baseUrl,
  confirmWithdrawalByMail,
  latestCode,
  launchBrowser,
  PASSWORD,
  uniqueEmail,
} from './support';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = uniqueEmail('journey');

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const go = (path: string) => page.goto(`${baseUrl()}${path}`);
const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
const row = (table: string, coin: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: coin }).first();
/** The table's text for a coin's row, spaces collapsed. */
const rowText = async (table: string, coin: string) =>
  (await row(table, coin).innerText()).replace(/\s+/g, ' ').trim();
const waitForRow = (table: string, coin: string, text: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ hasText: coin })
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: 15_000 });

const png = (rgb: [number, number, number]) => ({
  name: 'card.png',
  mimeType: 'image/png',
  buffer: solidPng(64, 40, rgb),
});

describe('from sign-up to a withdrawal, through the app', () => {
  it('signs up, verifies the email and logs in', async () => {
    await go('/crypto-signup');
    await page.getByLabel('First Name').fill('Meera');
    await page.getByLabel('Last Name').fill('Iyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone Number').fill('9876543210');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('Verification Code').fill(await latestCode(email));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('Email/Phone Number').fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/BTCUSDT');
  });

  it('starts identity verification from /profile/kyc and completes both steps', async () => {
    await go('/profile/kyc');
    await page.getByRole('heading', { name: 'Standard Identity Verification' }).waitFor();
    await page.getByRole('link', { name: 'Continue Verification' }).click();
    await page.waitForURL((url) => url.pathname === '/kyc-verification');

    // Step 1: the client refuses a wrong checksum before anything is uploaded.
    await page.getByLabel('Aadhaar Number').fill('234567890123');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(/not a valid Aadhaar number|Aadhaar number must be 12 digits/).waitFor();
    await page.getByText('Please upload both front and back of Aadhaar').waitFor();

    // An image the server would refuse for its dimensions is refused before uploading.
    await page.getByLabel('Aadhaar Front').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: solidPng(4100, 4100, [250, 250, 250]),
    });
    await page.getByText(UPLOAD_MESSAGES.imageTooManyPixels).waitFor();

    // Review L2: whether another account holds a number is never said to the user (the admin
    // reviewing the request sees it), so step 1 checks the number's form only.
    await page.getByLabel('Aadhaar Number').fill(randomAadhaar());
    await page.getByLabel('Aadhaar Front').setInputFiles(png([200, 40, 40]));
    await page.getByLabel('Aadhaar Back').setInputFiles(png([40, 40, 200]));
    await page.getByRole('img', { name: 'Aadhaar Back preview' }).waitFor();
    await page.getByRole('button', { name: 'Remove Aadhaar Back' }).click();
    await page.getByLabel('Aadhaar Back').setInputFiles(png([40, 160, 40]));
    await page.getByRole('img', { name: 'Aadhaar Back preview' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: PAN upper-cased as typed; Back keeps step 1.
    const pan = page.getByLabel('PAN Number');
    await pan.waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('img', { name: 'Aadhaar Front preview' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await pan.fill(randomPanLowercase());
    expect(await pan.inputValue()).toMatch(/^[A-Z]{5}\d{4}[A-Z]$/);
    await page.getByLabel('PAN Card').setInputFiles(png([240, 200, 60]));
    // On a phone's slower CPU (6x), React holds the way to / back long enough for the refetched
    // profile, now pending, to reach the page's guard: it must still end on /, not /profile/kyc.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/BTCUSDT');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    await toast('Your documents were submitted for review').waitFor();

    await go('/profile/kyc');
    await page.getByRole('heading', { name: 'Verification Under Review' }).waitFor();
  });

  it('shows Identity Verified once an admin approves', async () => {
    await decidePending('/admin/kyc?status=pending', email, (id) => `/admin/kyc/${id}/approve`);
    await go('/profile/kyc');
    await page.getByRole('heading', { name: 'Identity Verified' }).waitFor();
    await page.getByText('Your identity has been successfully verified').waitFor();
    await go('/profile');
    await page.getByText('Verified', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Hello, Meera Iyer' }).waitFor();
  });

  it('submits a deposit, sees it in Deposit History, and in the funding wallet once confirmed', async () => {
    await go('/wallets/funding');
    await waitForRow('Funding Wallet', 'USDT', '0.0000');
    await page.getByRole('button', { name: 'Deposit USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: /Deposit Funds/ });
    await dialog.getByLabel('Sender Address').fill(randomHex(20));
    await dialog.getByLabel('Transaction Hash').fill(randomHex(32));
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.waitFor({ state: 'detached' });

    await go('/deposit-history');
    await waitForRow('Deposit History', '100 USDT', 'Pending');
    expect(await rowText('Deposit History', '100 USDT')).toMatch(
      /Ethereum \(ETH\) 100 USDT 0x\S+ Pending \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/,
    );

    // The funding table is on screen when the admin confirms: balance_update changes it live.
    await go('/wallets/funding');
    await waitForRow('Funding Wallet', 'USDT', '0.0000');
    await decidePending(
      '/admin/deposits?status=pending',
      email,
      (id) => `/admin/deposits/${id}/confirm`,
    );
    await waitForRow('Funding Wallet', 'USDT', '100.0000');
  });

  it('transfers funding to spot and both tables change', async () => {
    await page.getByRole('button', { name: 'Transfer USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer' });
    // Decision D11: From and To must differ.
    await dialog.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: 'Funding' }).click();
    await dialog.getByLabel('Amount').fill('1');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByText('From and To must differ').waitFor();
    await dialog.getByRole('combobox', { name: 'To' }).click();
    await page.getByRole('option', { name: 'Spot' }).click();
    await dialog.getByRole('button', { name: 'Max' }).click();
    expect(await dialog.getByLabel('Amount').inputValue()).toBe('100');
    await dialog.getByLabel('Amount').fill('40');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast('Transfer successful').waitFor();
    await waitForRow('Funding Wallet', 'USDT', '60.0000');

    await page
      .getByRole('navigation', { name: 'Wallets' })
      .getByRole('link', { name: 'Spot' })
      .click();
    await waitForRow('Spot Wallet', 'USDT', '40.0000');
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: /USDT/ }).first().click();
    const sub = page.getByRole('table', { name: 'USDT wallets' });
    await sub.getByRole('row').filter({ hasText: 'Spot' }).filter({ hasText: '40.0000' }).waitFor();
    await sub
      .getByRole('row')
      .filter({ hasText: 'Funding' })
      .filter({ hasText: '60.0000' })
      .waitFor();
    expect(await page.getByTestId('total-asset-value').innerText()).toBe('100.00 USDT');
  });

  it('hides the empty coins at first, keeps INR and USDT, and searches every coin (W4-18)', async () => {
    await go('/wallets/spot');
    const table = page.getByRole('table', { name: 'Spot Wallet' });
    const coins = table.getByRole('row').filter({ has: page.getByRole('cell') });
    await waitForRow('Spot Wallet', 'USDT', '40.0000');
    const hideZero = page.getByLabel('Hide zero balances');
    expect(await hideZero.isChecked()).toBe(true);
    // Only USDT holds anything in spot; INR, the other quote coin, stays listed with its Deposit.
    await expect.poll(() => coins.count()).toBe(2);
    await row('Spot Wallet', 'INR').waitFor();
    expect(await row('Spot Wallet', 'BTC').count()).toBe(0);
    const search = page.getByRole('search', { name: 'Coins' }).getByLabel('Search coin');
    await search.fill('tether');
    await expect.poll(() => coins.count()).toBe(1);
    await waitForRow('Spot Wallet', 'USDT', '40.0000');
    // A search looks through the empty coins too.
    await search.fill('BTC');
    await row('Spot Wallet', 'BTC').waitFor();
    await search.fill('xyz');
    await table.getByText('No coins match').waitFor();
    await search.fill('');
    await hideZero.uncheck();
    await row('Spot Wallet', 'BTC').waitFor();
    expect(await coins.count()).toBeGreaterThan(2);
    // The overview's total still counts every coin, whatever the search lists.
    await go('/wallets');
    await page.getByRole('search', { name: 'Coins' }).getByLabel('Search coin').fill('BTC');
    await expect.poll(() => page.getByTestId('total-asset-value').innerText()).toBe('100.00 USDT');
  });

  it('requests a withdrawal: Pending in Withdraw History, funding balance reduced', async () => {
    await go('/wallets/funding');
    await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Funds' });
    // The coin's first network is chosen, as in Deposit (walk-3 D16).
    await dialog.getByRole('combobox', { name: 'Network' }).getByText('Ethereum (ETH)').waitFor();
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    await dialog.getByText('Token address is required').waitFor();
    // The server's refusal of a payout address shows under the field.
    await dialog.getByLabel('Address').fill(`0x${'0'.repeat(40)}`);
    await dialog.getByLabel('Amount').fill('1');
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    await dialog.getByText(WALLET_MESSAGES.addressZero).first().waitFor();
    const destination = randomHex(20);
    await dialog.getByLabel('Address').fill(destination);
    await dialog.getByLabel('Amount').fill('75');
    await dialog.getByText('Insufficient balance').waitFor();
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByText('Remaining after withdraw').waitFor();
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    await dialog.waitFor({ state: 'detached' });
    // A new address and no second factor: held until the mail's link confirms it (walk-4 W4-4).
    await toast(/Check your email/).waitFor();
    await waitForRow('Funding Wallet', 'USDT', '50.0000');
    expect(await rowText('Funding Wallet', 'USDT')).toContain('10.0000');

    await go('/withdraw-history');
    await waitForRow('Withdraw History', '10 USDT', 'Confirm by email');
    await confirmWithdrawalByMail(email);
    await go('/withdraw-history');
    await waitForRow('Withdraw History', '10 USDT', 'Pending');
    // Where it goes, shortened, then no hash yet (walk-3 D18).
    const short = `${destination.slice(0, 10)}…${destination.slice(-8)}`;
    expect(await rowText('Withdraw History', '10 USDT')).toContain(`10 USDT ${short} - Pending`);
  });

  it('toggles a favourite and finds the pair under Favorite', async () => {
    await go('/market');
    await page.getByRole('heading', { name: 'Top Gainers' }).waitFor();
    await page.getByRole('tab', { name: 'Favorite' }).click();
    await page.getByRole('table', { name: 'Favorite markets' }).getByText('NO DATA').waitFor();
    await page.getByRole('tab', { name: 'All' }).click();
    const star = page.getByRole('button', { name: 'Favorite ETH/USDT' });
    await star.click();
    await page.waitForFunction(() =>
      document.querySelector('[aria-label="Favorite ETH/USDT"][aria-pressed="true"]'),
    );
    await page.getByRole('tab', { name: 'Favorite' }).click();
    const favorites = page.getByRole('table', { name: 'Favorite markets' });
    await favorites.getByRole('row').filter({ hasText: 'ETH/USDT' }).waitFor();
    expect(await favorites.getByRole('row').count()).toBe(2);
  });

  it('fits 375 px with balances, an expanded coin and an open dialog', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await go('/wallets');
    await page.getByRole('button', { name: /USDT/ }).first().click();
    await page.getByRole('table', { name: 'USDT wallets' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    await page.getByRole('dialog', { name: 'Withdraw Funds' }).waitFor();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    for (const path of ['/deposit-history', '/withdraw-history', '/profile']) {
      await go(path);
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(), path).toBeLessThanOrEqual(375);
    }
  });
});
