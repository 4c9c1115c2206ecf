import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '@exchange/contracts';
import { search, showAll, tableRow } from './console-support';
import { adminToken, randomHex, submitIdentity } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
  confirmWithdrawalByMail,
  pathOf,
  SECOND_ADMIN_EMAIL,
  signIn,
  verifiedUser,
  waitForToast,
} from './support';

const pages = browserForFile();
const openPage = pages.open;

const CONSOLE_PAGES = [
  ['Identity', 'Identity requests'],
  ['Deposits', 'Deposits'],
  ['Withdrawals', 'Withdrawals'],
  ['Users', 'Users'],
  ['Markets', 'Markets'],
  ['Ledger audit', 'Ledger audit'],
  ['Audit log', 'Audit log'],
] as const;

describe('the admin console', () => {
  it('sends a signed-out visitor to /login and a user who is not an admin to the trading screen', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl()}/admin/deposits`);
    await page.waitForURL('**/login');
    const user = await verifiedUser('not-admin');
    await signIn(page, user.token);
    await page.goto(`${baseUrl()}/admin/deposits`);
    await page.waitForURL('**/BTCUSDT');
    await expect(page.getByRole('navigation', { name: 'Admin' }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'Admin', exact: true }).count()).resolves.toBe(0);
  });

  it('opens for an admin from the top bar, its side nav working from the keyboard at 375 px', async () => {
    const page = await openPage(375, 812);
    await signIn(page, await adminToken());
    await page.goto(`${baseUrl()}/BTCUSDT`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('complementary', { name: 'Menu' })
      .getByRole('link', { name: 'Admin' })
      .click();
    await page.waitForURL('**/admin/identity');
    const nav = page.getByRole('navigation', { name: 'Admin' });
    for (const [link, title] of CONSOLE_PAGES) {
      await nav.getByRole('link', { name: link, exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
      expect(
        await nav.getByRole('link', { name: link, exact: true }).getAttribute('aria-current'),
      ).toBe('page');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, pathOf(page)).toBeLessThanOrEqual(375);
    }
  });
});

const SENDER = '0x1111111111111111111111111111111111111111';
const PAYOUT = '0x2222222222222222222222222222222222222222';

const deposit = (token: string, amount: string) =>
  call<{ _id: string }>(
    '/transactions/deposit/verify',
    {
      network: 'ethereum',
      sender_address: SENDER,
      transaction_hash: randomHex(32),
      amount,
    },
    token,
  );

/** A withdrawal to PAYOUT; its first there, by a user without a second factor, confirmed by mail. */
async function withdraw(user: { email: string; token: string }, amount: string) {
  const request = await call<{ _id: string; status: string }>(
    '/wallets/withdraw',
    { amount, address: PAYOUT, token_id: 'USDT', network: 'ethereum' },
    user.token,
  );
  if (request.data?.status === 'awaiting_email_confirmation')
    await confirmWithdrawalByMail(user.email);
  return request;
}

describe('the review queues', () => {
  let user: { email: string; token: string };
  let admin: string;
  let second: string;

  beforeAll(async () => {
    user = await verifiedUser('reviewed');
    admin = await adminToken();
    second = await adminToken(SECOND_ADMIN_EMAIL);
  });

  it("shows an identity request's documents; approving it turns the user's card to Identity Verified", async () => {
    await submitIdentity(user.token);
    const page = await pages.openAt(admin, '/admin/identity');
    await search(page, user.email);
    const card = page.getByRole('listitem', { name: `Identity request of ${user.email}` });
    await card.waitFor({ timeout: 15_000 });
    await expect(card.getByText(/^XXXX XXXX \d{4}$/).count()).resolves.toBe(1);
    await expect(card.getByText(/^X{6}\d{3}[A-Z]$/).count()).resolves.toBe(1);
    for (const caption of ['Aadhaar front', 'Aadhaar back', 'PAN card'])
      await card.getByRole('img', { name: caption }).waitFor({ timeout: 15_000 });
    await card.getByRole('button', { name: `Approve identity of ${user.email}` }).click();
    // Asked once more, saying who becomes verified (walk-3 D12); Cancel leaves it pending.
    const confirm = page.getByRole('dialog', { name: 'Approve identity' });
    await confirm.getByText(`(${user.email}) becomes verified`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByRole('button', { name: `Approve identity of ${user.email}` }).click();
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'Identity verification approved');
    await pages.close();

    const own = await pages.openAt(user.token, '/profile/kyc');
    await own.getByRole('heading', { name: 'Identity Verified' }).waitFor({ timeout: 15_000 });
  });

  it('credits a deposit one admin confirms in the console at 375 px; the user sees it in funding', async () => {
    const claim = await deposit(user.token, '250');
    expect(claim.success, claim.message).toBe(true);
    const page = await pages.openAt(admin, '/admin/deposits', 375);
    // The demo admin has no second factor: a notice recommends one, and the dialog only confirms.
    const notice = page.getByRole('note').filter({ hasText: 'protected by your password only' });
    await notice.waitFor({ timeout: 15_000 });
    await notice.getByRole('link', { name: 'Set up in Security' }).waitFor();
    await search(page, user.email);
    const row = tableRow(page, 'Deposits', user.email);
    await row.getByText('Needs one admin').waitFor({ timeout: 15_000 });
    await expect(row.getByRole('link', { name: /^0x/ }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/etherscan\.io\/tx\/0x[0-9a-f]{64}$/,
    );
    await row.getByRole('button', { name: /^Confirm deposit of 250 USDT/ }).click();
    // Money does not move on one click (walk-3 D12): the dialog says what confirming does.
    const confirm = page.getByRole('dialog', { name: 'Confirm deposit' });
    await confirm.getByText(`Credit 250 USDT to ${user.email}.`).waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(page, M.depositConfirmed);
    await row.waitFor({ state: 'detached' });
    await showAll(page);
    await row.getByText('Confirmed').waitFor();
    await row.getByText('Approved by admin@exchange.local', { exact: false }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await pages.close();

    const own = await pages.openAt(user.token, '/wallets/funding');
    await tableRow(own, 'Funding Wallet', 'USDT')
      .getByText('250.0000')
      .first()
      .waitFor({ timeout: 15_000 });
  });

  it('asks for the queue anew when the admin comes back to it from another page', async () => {
    const page = await pages.openAt(admin, '/admin/deposits');
    await page.getByRole('table', { name: 'Deposits' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await nav.getByRole('link', { name: 'Withdrawals', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
    const claim = await deposit(user.token, '7.25');
    expect(claim.success, claim.message).toBe(true);
    await nav.getByRole('link', { name: 'Deposits', exact: true }).click();
    await tableRow(page, 'Deposits', '7.25 USDT').waitFor({ timeout: 10_000 });
    const refused = await call(
      `/admin/deposits/${claim.data._id}/reject`,
      { reason: 'Test' },
      admin,
    );
    expect(refused.success, refused.message).toBe(true);
  });

  it("offers no decision on an admin's own deposit, and the server refuses it", async () => {
    const claim = await deposit(admin, '5');
    expect(claim.success, claim.message).toBe(true);
    const page = await pages.openAt(admin, '/admin/deposits');
    await search(page, 'admin@exchange.local');
    const row = tableRow(page, 'Deposits', 'admin@exchange.local');
    await row.getByText('Your own request: another admin must decide').waitFor({ timeout: 15_000 });
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    const refused = await call(`/admin/deposits/${claim.data._id}/confirm`, {}, admin);
    expect(refused).toMatchObject({ success: false, code: 'SELF_REVIEW', message: M.ownDeposit });
    // Another admin sees the buttons.
    await pages.close();
    const other = await pages.openAt(second, '/admin/deposits');
    await search(other, 'admin@exchange.local');
    await tableRow(other, 'Deposits', 'admin@exchange.local')
      .getByRole('button', { name: /^Confirm deposit of 5 USDT by admin@exchange\.local/ })
      .waitFor({ timeout: 15_000 });
  });

  it('pays a large withdrawal only with a second admin, and shows who approved and what is missing', async () => {
    // Two deposits under the limit (one admin each), then a withdrawal over it (1000 USDT).
    for (const amount of ['600', '600']) {
      const claim = await deposit(user.token, amount);
      const confirmed = await call(`/admin/deposits/${claim.data._id}/confirm`, {}, second);
      expect(confirmed.success, confirmed.message).toBe(true);
    }
    const request = await withdraw(user, '1100');
    expect(request.success, request.message).toBe(true);

    const page = await pages.openAt(admin, '/admin/withdrawals');
    await search(page, user.email);
    const row = tableRow(page, 'Withdrawals', '1,100 USDT');
    await row.getByText('Needs two different admins').waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: /^Approve withdrawal of 1100 USDT/ }).click();
    await page
      .getByRole('dialog', { name: 'Approve withdrawal' })
      .getByRole('button', { name: 'Approve' })
      .click();
    await waitForToast(page, M.approvalRecorded);
    await row.getByText('Approved by admin@exchange.local', { exact: false }).waitFor();
    await row.getByText('Needs a second admin').waitFor();
    await row.getByText('You approved it: another admin must too').waitFor();
    await expect(row.getByRole('button').count()).resolves.toBe(0);
    const again = await call(`/admin/withdrawals/${request.data._id}/approve`, {}, admin);
    expect(again).toMatchObject({
      success: false,
      code: 'SECOND_ADMIN_REQUIRED',
      message: M.secondAdmin,
    });
    await pages.close();

    const hash = randomHex(32);
    const other = await pages.openAt(second, '/admin/withdrawals');
    await search(other, user.email);
    const row2 = tableRow(other, 'Withdrawals', '1,100 USDT');
    await row2.getByRole('button', { name: /^Approve withdrawal of 1100 USDT/ }).click();
    const dialog = other.getByRole('dialog', { name: 'Approve withdrawal' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByText('Enter a valid transaction hash', { exact: false }).waitFor();
    await dialog.getByLabel('Payout transaction hash').fill(hash);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(other, M.withdrawalApproved);
    await row2.waitFor({ state: 'detached' });
    await showAll(other);
    await row2.getByText('Approved', { exact: true }).waitFor();
    await row2.getByText(`Approved by ${SECOND_ADMIN_EMAIL}`, { exact: false }).waitFor();
    await pages.close();

    const own = await pages.openAt(user.token, '/withdraw-history');
    const entry = tableRow(own, 'Withdraw History', '1,100 USDT');
    await entry.getByText('Approved').waitFor({ timeout: 15_000 });
    await expect(entry.getByLabel(hash).count()).resolves.toBe(1);
  });

  it('returns the funds of a rejected withdrawal and shows the reason in Withdraw History', async () => {
    const request = await withdraw(user, '50');
    expect(request.success, request.message).toBe(true);
    const page = await pages.openAt(admin, '/admin/withdrawals');
    await search(page, user.email);
    const reject = tableRow(page, 'Withdrawals', '50 USDT').getByRole('button', {
      name: /^Reject withdrawal of 50 USDT/,
    });
    // At 1366 px the row's decisions show without scrolling the wide table sideways.
    await reject.waitFor({ timeout: 15_000 });
    const box = await page.locator('[role=region][aria-label="Withdrawals"]').boundingBox();
    const button = await reject.boundingBox();
    expect(button && box && button.x + button.width).toBeLessThanOrEqual(
      (box?.x ?? 0) + (box?.width ?? 0),
    );
    await reject.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Reason (the user sees it)').fill('Address flagged by compliance');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    // Then the decision itself, in the dialog approvals use (stepped up: review N-L2).
    await page
      .getByRole('dialog', { name: 'Reject withdrawal' })
      .getByRole('button', { name: 'Reject' })
      .click();
    await waitForToast(page, 'Withdrawal rejected');
    await pages.close();

    const own = await pages.openAt(user.token, '/withdraw-history');
    const entry = tableRow(own, 'Withdraw History', '50 USDT');
    await entry.getByText('Rejected').waitFor({ timeout: 15_000 });
    await entry.getByText('Address flagged by compliance').waitFor();
    // Where the coins were to go (walk-3 D18).
    await expect(entry.getByLabel(PAYOUT).count()).resolves.toBe(1);
    await own.goto(`${baseUrl()}/wallets/funding`);
    // 250 + 600 + 600 in, 1,100 paid out, the 50 returned.
    await tableRow(own, 'Funding Wallet', 'USDT')
      .getByText('350.0000')
      .first()
      .waitFor({ timeout: 15_000 });
  });
});
