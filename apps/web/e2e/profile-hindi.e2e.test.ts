import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, signIn, verifiedUser } from './support';

/**
 * Issue 36 on the profile's screens: a user who chose Hindi sees the dashboard, Security, API
 * Keys, Bank Accounts, Tax and the proof of reserves in Hindi, with nothing wider than a 375 px
 * phone. Screenshots at 1366 and 375 px go to SCREENSHOT_DIR (default /tmp/hindi-screens).
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/hindi-screens';

/** Each screen and a heading it shows in Hindi once loaded. */
const SCREENS = [
  ['profile', '/profile', 'नमस्ते, Asha'],
  ['security', '/profile/security', 'सक्रिय सत्र'],
  ['api-keys', '/profile/api-keys', 'API कुंजियाँ'],
  ['bank-accounts', '/profile/bank-accounts', 'बैंक खाते'],
  ['tax', '/profile/tax', 'टैक्स'],
  ['kyc', '/profile/kyc', 'स्टैंडर्ड पहचान सत्यापन'],
  ['reserves', '/proof-of-reserves', 'रिज़र्व का प्रमाण'],
] as const;

describe('the profile screens in Hindi', () => {
  it('show Hindi headings and fit 375 px', async () => {
    const { token } = await verifiedUser('profile-hindi');
    // The choice saved on the account, as the language switch saves it.
    const saved = await fetch(`${baseUrl()}/api/v1/users/language`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ language: 'hi' }),
    });
    expect(saved.ok).toBe(true);
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const [width, height] of [
      [1366, 900],
      [375, 812],
    ] as const) {
      const page = await browser.open(width, height, { locale: 'hi-IN' });
      await signIn(page, token);
      await page.evaluate(() => localStorage.setItem('language', 'hi'));
      for (const [name, address, heading] of SCREENS) {
        await page.goto(`${baseUrl()}${address}`);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
        // The Devanagari font's weights load as text needs them: shots after they are in.
        await page.evaluate(async () => {
          await document.fonts.ready;
        });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${address} scrolls sideways in Hindi`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
      }
    }
  });
});
