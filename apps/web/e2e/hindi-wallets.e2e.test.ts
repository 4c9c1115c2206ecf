import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishOnScreen } from './hindi-support';
import {
  approveIdentity,
  depositUsdt,
  randomAadhaar,
  randomHex,
  randomPanLowercase,
  solidPng,
} from './identity-support';
import { baseUrl, browserForFile, call, signIn, verifiedUser, waitForToast } from './support';

/**
 * Issue 36 on the wallets and histories: a user whose saved language is Hindi sees the three
 * wallet screens, Deposit History and Withdraw History, and the Deposit, Withdraw and Transfer
 * dialogs, with no English but the glossary's terms and the names of coins and networks (data,
 * kept as they are), nothing wider than a 375 px phone; a transfer works in Hindi. Screenshots
 * at 1366 and 375 px go to SCREENSHOT_DIR (default /tmp/hindi-screens).
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';

/** Each screen and its Hindi heading. */
const SCREENS = [
  ['wallets', '/wallets', 'वॉलेट ओवरव्यू'],
  ['wallets-funding', '/wallets/funding', 'फ़ंडिंग वॉलेट'],
  ['wallets-spot', '/wallets/spot', 'स्पॉट वॉलेट'],
  ['deposit-history', '/deposit-history', 'जमा इतिहास'],
  ['withdraw-history', '/withdraw-history', 'निकासी इतिहास'],
] as const;

let user: { email: string; token: string };
/** The words of the listed coins' names (Bitcoin, Tether USD): data, the same in every language. */
let keptWords: Set<string>;

/**
 * The English on screen (in `scope`), the coins' and networks' names aside, and the letters of the
 * addresses and hashes shown (0x3fab…9beb).
 */
async function english(page: Page, scope?: Locator) {
  const text = await (scope ?? page.locator('main')).innerText();
  // Any token with a digit in it is data (an address, a hash, an id), however the page breaks it.
  const hex = new Set(
    (text.match(/[\w…]*\d[\w…]*/g) ?? []).flatMap((h) => h.match(/[a-z]{2,}/gi) ?? []),
  );
  return (await englishOnScreen(page, scope)).filter((w) => !keptWords.has(w) && !hex.has(w));
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
  // The Devanagari font's weights load as text needs them: shots after they are in.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

const png = (rgb: [number, number, number]) => ({
  name: 'card.png',
  mimeType: 'image/png',
  buffer: solidPng(64, 40, rgb),
});

/** A signed-in page in Hindi, for a user whose saved language is Hindi. */
async function hindiPage(token: string, width: number, height: number) {
  const page = await browser.open(width, height, { locale: 'hi-IN', hasTouch: width < 768 });
  await signIn(page, token);
  await page.evaluate(() => localStorage.setItem('language', 'hi'));
  return page;
}

/** Saves Hindi on the account, as the language switch does. */
async function saveHindi(token: string) {
  const saved = await fetch(`${baseUrl()}/api/v1/users/language`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ language: 'hi' }),
  });
  expect(saved.ok).toBe(true);
}

const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

beforeAll(async () => {
  user = await verifiedUser('hindi-wallets');
  await approveIdentity(user.email, user.token);
  await depositUsdt(user.email, user.token, '100');
  const sent = await call(
    '/wallets/withdraw',
    { amount: '20', address: randomHex(20), token_id: 'USDT', network: 'ethereum' },
    user.token,
  );
  expect(sent.success, sent.message).toBe(true);
  await saveHindi(user.token);
  const wallets = await call<{ name: string }[]>(
    '/wallets?page=1&page_size=100',
    undefined,
    user.token,
  );
  keptWords = new Set(wallets.data.flatMap((g) => g.name.match(/[A-Za-z]{2,}/g) ?? []));
  fs.mkdirSync(SHOTS, { recursive: true });
});

describe('the wallets and histories in Hindi', () => {
  it.each([
    [1366, 900],
    [375, 812],
  ] as const)('show no English and fit the screen at %i px', async (width, height) => {
    const page = await hindiPage(user.token, width, height);
    for (const [name, address, heading] of SCREENS) {
      await page.goto(`${baseUrl()}${address}`);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      await settle(page);
      expect(await english(page), `${address} in Hindi`).toEqual([]);
      expect(await scrollWidth(page), `${address} scrolls sideways`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
    }
    // The overview's row opened into its wallets.
    await page.goto(`${baseUrl()}/wallets`);
    await page.getByRole('button', { name: /USDT/ }).first().click();
    await page.getByRole('table', { name: 'USDT वॉलेट' }).waitFor();
    await settle(page);
    expect(await english(page), '/wallets opened in Hindi').toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `wallets-open-${width}.png`), fullPage: true });

    await page.goto(`${baseUrl()}/wallets/funding`);
    for (const [name, button, title] of [
      ['deposit', 'USDT जमा (फ़ंडिंग)', /^फ़ंड जमा करें/],
      ['withdraw', 'USDT निकासी (फ़ंडिंग)', /^फ़ंड निकालें/],
      ['transfer', 'USDT ट्रांसफ़र (फ़ंडिंग)', /^ट्रांसफ़र/],
    ] as const) {
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      await settle(page);
      expect(await english(page, dialog), `the ${name} dialog in Hindi`).toEqual([]);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(SHOTS, `${name}-dialog-${width}.png`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  it('moves USDT from the funding wallet to spot in Hindi', async () => {
    const page = await hindiPage(user.token, 375, 812);
    await page.goto(`${baseUrl()}/wallets/funding`);
    await page.getByRole('button', { name: 'USDT ट्रांसफ़र (फ़ंडिंग)' }).click();
    const dialog = page.getByRole('dialog', { name: 'ट्रांसफ़र' });
    await dialog.getByLabel('मात्रा').fill('12.5');
    await dialog.getByRole('button', { name: 'पुष्टि करें' }).click();
    // The server's answer, in Hindi.
    await waitForToast(page, 'ट्रांसफ़र हो गया');
    await dialog.waitFor({ state: 'detached' });
    await page.goto(`${baseUrl()}/wallets/spot`);
    await page.getByRole('heading', { name: 'स्पॉट वॉलेट' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'USDT' }).first();
    await row.getByText('12.5').waitFor();
    await settle(page);
    expect(await english(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'wallets-spot-after-transfer-375.png') });
    const wallets = await call<
      { short_name: string; balances: { wallet_type: string; amount: string }[] }[]
    >('/wallets', undefined, user.token);
    const usdt = wallets.data.find((g) => g.short_name === 'USDT');
    expect(usdt?.balances.find((b) => b.wallet_type === 'spot')?.amount).toBe('12.5');
  });

  it.each([
    [1366, 900],
    [375, 812],
  ] as const)('walks the identity steps in Hindi at %i px', async (width, height) => {
    const { token } = await verifiedUser('hindi-kyc');
    await saveHindi(token);
    const page = await hindiPage(token, width, height);
    await page.goto(`${baseUrl()}/kyc-verification`);
    await page.getByRole('heading', { name: 'पहचान सत्यापन' }).waitFor();
    // The contracts' messages, in Hindi.
    await page.getByRole('button', { name: 'आगे' }).click();
    await page.getByText('Aadhaar नंबर 12 अंकों का होना चाहिए').waitFor();
    await page.getByText('कृपया Aadhaar के सामने और पीछे, दोनों हिस्से अपलोड करें').waitFor();
    await settle(page);
    expect(await english(page), 'the Aadhaar step in Hindi').toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `kyc-aadhaar-${width}.png`), fullPage: true });

    await page.getByLabel('Aadhaar नंबर').fill(randomAadhaar());
    await page.getByLabel('Aadhaar का सामने वाला हिस्सा').setInputFiles(png([200, 40, 40]));
    await page.getByLabel('Aadhaar का पीछे वाला हिस्सा').setInputFiles(png([40, 40, 200]));
    await page.getByRole('button', { name: 'आगे' }).click();
    await page.getByLabel('PAN नंबर').fill(randomPanLowercase());
    await page.getByLabel('PAN कार्ड').setInputFiles(png([240, 200, 60]));
    await settle(page);
    expect(await english(page), 'the PAN step in Hindi').toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `kyc-pan-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'सबमिट करें' }).click();
    await waitForToast(page, 'आपके दस्तावेज़ जाँच के लिए भेज दिए गए हैं');
  });
});
