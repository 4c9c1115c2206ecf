import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import hiAml from '../src/i18n/locales/hi/admin-aml.json';
import hiCommon from '../src/i18n/locales/hi/common.json';
import { englishOnScreen } from './hindi-support';
import { adminToken, approveIdentity, depositUsdt } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
  SECOND_ADMIN_EMAIL,
  signIn,
  verifiedUser,
  waitForToast,
} from './support';

/**
 * Issue 52: the AML case queue in the admin console, in Chromium. Three deposits of 11,000 USDT
 * (₹9,68,000 each, just under ₹10 lakh) open a structuring case; an admin takes it, notes it,
 * pauses the user's withdrawals (the user's withdraw dialog says so in neutral words) and closes
 * it, which a second admin must confirm (high risk). English at 1366 px, Hindi at 375 px, by
 * keyboard where a user would; screenshots go to SCREENSHOT_DIR (default /tmp/aml-screens).
 */
const browser = browserForFile();
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/aml-screens';
const CHROME = 'main h1, main h2, main th, main button, main label, main dt';

let user: { email: string; token: string };
let admin: string;

async function caseId(): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const list = await call<{ _id: string; users: { email: string }[] }[]>(
      '/admin/aml/cases?status=all&page_size=100',
      undefined,
      admin,
    );
    const found = list.data.find((c) => c.users.some((u) => u.email === user.email));
    if (found) return found._id;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('no AML case opened');
}

const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

beforeAll(async () => {
  admin = await adminToken();
  user = await verifiedUser('aml');
  await approveIdentity(user.email, user.token);
  for (let i = 0; i < 3; i++) await depositUsdt(user.email, user.token, '11000');
});

describe('the AML case queue', () => {
  it('works a case in English at 1366 px: assign, note, pause withdrawals, close by two admins', async () => {
    const id = await caseId();
    const page = await browser.open(1366, 900);
    await signIn(page, admin);
    await page.goto(`${baseUrl()}/admin/aml`);
    await page.getByRole('heading', { level: 1, name: 'AML cases' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: user.email });
    await row.getByText('High').waitFor({ timeout: 15_000 });
    await shot(page, 'aml-queue-en-1366');
    // By keyboard: the rule's link opens the case.
    await row.getByRole('button', { name: 'Structuring' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await waitForToast(page, 'Case assigned to you');
    await page.getByRole('button', { name: 'Add a note' }).click();
    const note = page.getByRole('dialog', { name: 'Add a note' });
    await note.getByRole('button', { name: 'Add the note' }).click();
    await note.getByText('Enter a note').waitFor();
    await note.getByLabel('Note').fill('Asked the user for the source of funds');
    await note.getByRole('button', { name: 'Add the note' }).click();
    await waitForToast(page, 'Note added');
    await page.getByRole('button', { name: 'Pause withdrawals' }).click();
    const pause = page.getByRole('dialog', { name: `Pause withdrawals of ${user.email}` });
    await pause.getByLabel('Reason').fill('Structuring under review');
    await pause.getByRole('button', { name: 'Pause withdrawals' }).click();
    await waitForToast(page, 'Withdrawals paused');
    await page.getByText('Withdrawals paused', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Close the case' }).click();
    const close = page.getByRole('dialog', { name: 'Close the case' });
    await close.getByLabel('Reason').fill('Salary slips seen');
    await close.getByRole('button', { name: 'Close case' }).click();
    await waitForToast(page, 'Close recorded');
    await page.getByText('A second, different admin closes it', { exact: false }).waitFor();
    await shot(page, 'aml-case-en-1366');
    const history = page.getByRole('region', { name: 'History' });
    for (const kind of ['Assigned to', 'Note:', 'Withdrawals paused:', 'Close approved:'])
      await history.getByText(kind).waitFor();

    // The user is told, neutrally, on the withdraw dialog (aml-withdrawal-pause.test.ts: the API).
    const own = await browser.open(1366, 900);
    await signIn(own, user.token);
    await own.goto(`${baseUrl()}/wallets/funding`);
    await own.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    await own
      .getByRole('dialog')
      .getByText('Withdrawals are paused on your account while we review it. Contact support.')
      .waitFor();
    await shot(own, 'aml-user-paused-en-1366');

    // The second admin confirms the close.
    const second = await adminToken(SECOND_ADMIN_EMAIL);
    const done = await call<{ status: string }>(
      `/admin/aml/cases/${id}/close`,
      { reason: 'Agreed' },
      second,
    );
    expect(done.data.status).toBe('closed');
  });

  it('shows the queue and a case in Hindi at 375 px, and the paused user the Hindi notice', async () => {
    const id = await caseId();
    const page = await browser.open(375, 800, { locale: 'hi-IN' });
    await signIn(page, admin);
    await page.goto(`${baseUrl()}/admin/aml`);
    await page.getByRole('heading', { level: 1, name: 'AML केस' }).waitFor();
    const show = page.getByRole('combobox', { name: hiAml.queue.show });
    await show.click();
    await page.getByRole('option', { name: hiAml.filter.all }).click();
    await page.getByText(user.email).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const english = async () =>
      (
        await Promise.all(
          (await page.locator(CHROME).all()).map((element) => englishOnScreen(page, element)),
        )
      ).flat();
    expect(await english(), 'queue').toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await shot(page, 'aml-queue-hi-375');
    await page.goto(`${baseUrl()}/admin/aml?case=${id}`);
    await page.getByRole('heading', { level: 2, name: hiAml.history.title }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await english(), 'case').toEqual([]);
    await shot(page, 'aml-case-hi-375');

    const own = await browser.open(375, 800, { locale: 'hi-IN' });
    await signIn(own, user.token);
    await own.goto(`${baseUrl()}/wallets/funding`);
    await own.getByRole('button', { name: 'USDT निकासी (फ़ंडिंग)' }).click();
    await own.getByRole('dialog').getByText(hiCommon.ui.pause.withdrawals).waitFor();
    await shot(own, 'aml-user-paused-hi-375');
  });
});
