import fs from 'node:fs/promises';
import type { TdsDeduction } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, approveIdentity, solidPng } from './identity-support';
import { baseUrl, browserForFile, call, signIn, verifiedUser } from './support';

/**
 * Rupees in and out (issue 31), as a new user and the admins see it: a bank account added,
 * validated by the bank (penny drop) and verified, a UPI deposit claimed and matched by the uploaded statement (beside a third party's
 * credit, flagged for refund), USDT bought and sold for rupees (TDS on the sale), a withdrawal
 * paid through the payout file; the ledger audit passes.
 */
const pages = browserForFile();
const SHOTS = process.env.E2E_SHOTS_DIR;
const ACCOUNT = `50100${String(Date.now()).slice(-9)}`;
const VPA = `asha${ACCOUNT.slice(-5)}@okhdfcbank`;
const UTR = `4${String(Date.now()).slice(-11)}`;
const STRANGER_UTR = `5${String(Date.now()).slice(-11)}`;

let user: { email: string; token: string };
let admin: string;

beforeAll(async () => {
  user = await verifiedUser('rupees');
  await approveIdentity(user.email, user.token);
  admin = await adminToken();
});

async function open(token: string, width = 1366): Promise<Page> {
  const page = await pages.open(width);
  await signIn(page, token);
  return page;
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const toast = (page: Page, text: string | RegExp) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
const row = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text }).first();

async function funding(page: Page, coin: string, text: string) {
  await page.goto(`${baseUrl()}/wallets/funding`);
  await page
    .getByRole('table', { name: 'Funding Wallet' })
    .getByRole('row')
    .filter({ hasText: coin })
    .filter({ hasText: text })
    .first()
    .waitFor({ timeout: 20_000 });
}

/**
 * The trading screen's "available ⊕" on USDT/INR (W4-1): the Funding → Spot move with both rupee
 * balances, which moves ₹100 into Spot; the UPI deposit one button away.
 */
async function fundSpotFromTradeScreen(page: Page) {
  const spot = async () => {
    const res = await call<
      { short_name: string; balances: { wallet_type: string; amount: string }[] }[]
    >('/wallets?page_size=100', undefined, user.token);
    const inr = res.data.find((g) => g.short_name === 'INR');
    return Number(inr?.balances.find((b) => b.wallet_type === 'spot')?.amount ?? 0);
  };
  const before = await spot();
  await page.goto(`${baseUrl()}/USDTINR`);
  const available = page.getByTestId('available-balance');
  await available.filter({ hasText: /^₹[\d,]+\.\d{2}/ }).waitFor();
  await available.click();
  const move = page.getByRole('dialog', { name: 'Add rupees to Spot' });
  const figures = move.getByTestId('rupee-funds');
  await figures.filter({ hasText: /Funding\s*₹[\d,]+\.\d{2}/ }).waitFor();
  expect(await figures.innerText()).toMatch(/Spot\s*₹[\d,]+\.\d{2}/);
  await move.getByRole('button', { name: 'Deposit rupees (UPI)' }).click();
  await page.getByRole('dialog', { name: 'Deposit INR' }).getByTestId('inr-reference').waitFor();
  await page.keyboard.press('Escape');
  await available.click();
  await move.getByLabel('Amount', { exact: true }).fill('100');
  await shot(page, '05b-add-rupees-to-spot-1366');
  await move.getByRole('button', { name: 'Confirm' }).click();
  await move.waitFor({ state: 'hidden' });
  await expect.poll(spot, { timeout: 10_000 }).toBeCloseTo(before + 100, 2);
}

/**
 * Withdraw History reads a rupee payout as one (W4-14): the bank and the masked account, the UTR
 * labelled, "Paid", and the time it was asked for, not its last change (walk-3 D8).
 */
async function expectBankPayoutRow(page: Page, id: string) {
  const history = await call<{ _id: string; created_at: string; updated_at: string }[]>(
    '/wallets/withdraw/history',
    undefined,
    user.token,
  );
  const record = history.data.find((w) => w._id === id);
  expect(record).toBeDefined();
  await page.goto(`${baseUrl()}/withdraw-history`);
  const payout = page.getByRole('row').filter({ hasText: 'HDFCN52026112712345' }).first();
  await payout.waitFor();
  const text = await payout.innerText();
  expect(text).toContain(`HDFC Bank XXXX${ACCOUNT.slice(-4)}`);
  expect(text).toContain('UTR HDFCN52026112712345');
  expect(text).toContain('Paid');
  expect(text).toContain('₹1,000.00');
  const clock = (iso: string) =>
    page.evaluate((at) => new Date(at).toLocaleTimeString('en-GB', { hourCycle: 'h23' }), iso);
  expect(text).toContain(await clock(record?.created_at ?? ''));
  const updated = await clock(record?.updated_at ?? '');
  if (updated !== (await clock(record?.created_at ?? ''))) expect(text).not.toContain(updated);
  await shot(page, '06b-withdraw-history-1366');
}

describe('rupees in and out', () => {
  it('walks a new user from a bank account to INR, USDT and back to the bank', async () => {
    // 1. The user adds a bank account in their own name.
    const page = await open(user.token);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('link', { name: 'Bank Accounts' }).click();
    const form = page.getByRole('form', { name: 'Add bank account' });
    await form.getByLabel('Account holder name').fill('ASHA RAO');
    await form.getByLabel('Account number', { exact: true }).fill(ACCOUNT);
    await form.getByLabel('Confirm account number').fill(ACCOUNT);
    await form.getByLabel('IFSC').fill('hdfc0001234');
    await form.getByLabel('UPI ID (optional)').fill(VPA);
    await form.getByRole('button', { name: 'Add bank account' }).click();
    await toast(page, 'Bank account added');
    await row(page, 'Your bank accounts', 'Awaiting verification').waitFor();
    await shot(page, '01-bank-accounts-1366');

    // 2. The bank validates it (penny drop: the name it holds the account in, and the UPI ID's
    //    name from its PSP); the admin uploads the results, then verifies it in the console.
    const console_ = await open(admin);
    await console_.goto(`${baseUrl()}/admin/bank-accounts`);
    const pending = row(console_, 'Bank accounts', user.email);
    await pending.waitFor();
    expect(await pending.innerText()).toContain('Not validated by the bank yet');
    expect(await pending.getByRole('button', { name: /^Verify bank account/ }).isDisabled()).toBe(
      true,
    );
    const validation = [
      'account_number,ifsc,vpa,registered_name,account_status,reference',
      `${ACCOUNT},HDFC0001234,,ASHA RAO,active,fav_${ACCOUNT}`,
      `,,${VPA},Asha Rao,active,fav_vpa_${ACCOUNT}`,
    ].join('\n');
    await console_.getByLabel('Validation results (CSV)').setInputFiles({
      name: 'validation.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(validation),
    });
    await console_.getByRole('button', { name: 'Upload validation' }).click();
    await console_
      .getByRole('dialog', { name: 'Record bank validation' })
      .getByRole('button', { name: 'Upload validation' })
      .click();
    await toast(console_, 'Bank validation recorded');
    await row(console_, 'Validation results', ACCOUNT).filter({ hasText: 'Validated' }).waitFor();
    await row(console_, 'Validation results', VPA).filter({ hasText: 'UPI ID verified' }).waitFor();
    await pending.filter({ hasText: 'Bank’s name: ASHA RAO' }).waitFor();
    expect(await pending.innerText()).toContain('Name match: exact');
    await shot(console_, '02-admin-bank-accounts-1366');
    await pending.getByRole('button', { name: /^Verify bank account/ }).click();
    const verify = console_.getByRole('dialog', { name: 'Verify bank account' });
    expect(await verify.innerText()).toContain('the approved identity');
    await verify.getByLabel(/^Proof \(optional\)/).setInputFiles({
      name: 'cheque.png',
      mimeType: 'image/png',
      buffer: solidPng(64, 40, [30, 90, 160]),
    });
    await verify.getByRole('button', { name: 'Verify' }).click();
    await toast(console_, 'verified');
    // The proof stays beside the decision, for any admin to see.
    await console_.getByRole('combobox', { name: 'Status' }).click();
    await console_.getByRole('option', { name: 'verified' }).click();
    await row(console_, 'Bank accounts', user.email).getByRole('img', { name: 'Proof' }).waitFor();
    await page.reload();
    await row(page, 'Your bank accounts', 'Verified').waitFor();
    await row(page, 'Your bank accounts', `${VPA} (verified)`).waitFor();

    // 3. The user pays by UPI and claims the deposit with the UTR.
    await funding(page, 'INR', 'Indian Rupee');
    await page.getByRole('button', { name: 'Deposit INR (Funding)' }).click();
    const deposit = page.getByRole('dialog', { name: 'Deposit INR' });
    await deposit.getByTestId('inr-reference').waitFor();
    const reference = await deposit.getByTestId('inr-reference').innerText();
    expect(reference).toMatch(/^EX[A-Z2-9]{10}$/);
    await deposit.getByLabel('Amount (INR)').fill('5000');
    expect(await deposit.locator('svg > title').innerHTML()).toBe('UPI payment QR code');
    await deposit.getByLabel('UTR (12 digits)').fill(UTR);
    await shot(page, '03-deposit-inr-1366');
    await deposit.getByRole('button', { name: 'I have paid' }).click();
    await toast(page, 'Deposit claimed');

    // 4. The admin uploads the bank statement: the user's credit and a stranger's.
    await console_.goto(`${baseUrl()}/admin/rupees`);
    const statement = [
      'value_date,utr,amount,remitter_name,remitter_account,remitter_ifsc,remitter_vpa,narration',
      `27/11/2026,${UTR},5000.00,ASHA RAO,,HDFC0001234,${VPA},UPI ${reference}`,
      `27/11/2026,${STRANGER_UTR},7000.00,RAVI KUMAR,,SBIN0000001,ravi@oksbi,UPI ${reference}`,
    ].join('\n');
    await console_.getByLabel('Statement (CSV)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(statement),
    });
    await console_.getByRole('button', { name: 'Upload and match' }).click();
    // It credits money: confirmed in a dialog, as every money decision is.
    const reconcile = console_.getByRole('dialog', { name: 'Reconcile statement' });
    await reconcile.getByRole('button', { name: 'Upload and match' }).click();
    await toast(console_, 'Statement reconciled');
    await row(console_, 'Statement credits', UTR).filter({ hasText: 'Credited' }).waitFor();
    await row(console_, 'Statement credits', STRANGER_UTR)
      .filter({ hasText: 'Refund due' })
      .waitFor();
    await shot(console_, '04-admin-statement-1366');

    // 5. The user's rupees arrive.
    await funding(page, 'INR', '5,000');
    await page.goto(`${baseUrl()}/wallets`);
    // Headed in rupees, at face value (walk-4 W4-11: through USDT and back, ₹50,000 read ₹49,999.99).
    await expect
      .poll(() => page.getByTestId('total-asset-value-inr').innerText())
      .toBe('₹5,000.00');

    // 6. Buy USDT with INR on the wallet screen: a USDT/INR market order that fills.
    await funding(page, 'INR', '5,000');
    const convert = page.getByRole('region', { name: 'USDT ⇄ INR' });
    await convert.getByLabel('Pay (INR)').fill('2000');
    await convert
      .getByTestId('convert-preview')
      .filter({ hasText: /You get about [\d.]+ USDT/ })
      .waitFor();
    await shot(page, '05-buy-usdt-1366');
    await convert.getByRole('button', { name: 'Buy USDT' }).click();
    await toast(page, /Bought [\d.]+ USDT/);

    // 7. Sell USDT for INR: the sale pays 1% TDS on the rupees.
    await convert.getByRole('tab', { name: 'Sell USDT for INR' }).click();
    await convert.getByLabel('Receive about (INR)').fill('500');
    await convert
      .getByTestId('convert-preview')
      .filter({ hasText: /TDS of ₹[\d.]+/ })
      .waitFor();
    await convert.getByRole('button', { name: 'Sell USDT' }).click();
    await toast(page, /Sold [\d.]+ USDT/);
    const mine = await call<TdsDeduction[]>('/tax/deductions?page_size=10', undefined, user.token);
    const sale = mine.data.find((d) => d.symbol === 'USDTINR' && d.side === 'sell');
    expect(sale).toMatchObject({ token: 'INR', rate: '0.01' });
    expect(Number(sale?.tds)).toBeGreaterThan(0);
    expect(mine.data.find((d) => d.symbol === 'USDTINR' && d.side === 'buy')).toMatchObject({
      tds: '0',
    });

    // 7b. On a rupee pair, "available ⊕" moves rupees Funding → Spot, both balances shown, and
    //     offers the UPI deposit (W4-1); amounts are rupees, "₹1,234.56" (W4-9).
    await fundSpotFromTradeScreen(page);

    // 8. Withdraw rupees to the verified account, once its hold after the verification is over
    //    (SECURITY_HOLD_HOURS, review N4-L6); paid through the payout file.
    const accounts = await call<{ payouts_from: string | null }[]>(
      '/bank-accounts',
      undefined,
      user.token,
    );
    const opens = Date.parse(accounts.data[0]?.payouts_from ?? '');
    expect(Number.isNaN(opens)).toBe(false);
    while (Date.now() <= opens + 1000) await new Promise((r) => setTimeout(r, 500));
    await page.goto(`${baseUrl()}/wallets/funding`);
    await page.getByRole('button', { name: 'Withdraw INR (Funding)' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw INR' });
    // The same facts as the crypto dialog (W4-15): the day's limit, the fee, the payout.
    const facts = withdraw.getByTestId('inr-withdraw-facts');
    await facts.filter({ hasText: '₹2,00,000.00 (₹2,00,000.00 left today)' }).waitFor();
    expect(await facts.innerText()).toMatch(/Fee\s+₹0\.00/);
    expect(await facts.innerText()).toContain('By IMPS or NEFT once an admin approves it');
    // More than the balance is said beside the amount, and nothing is sent.
    await withdraw.getByLabel('Amount (INR)').fill('9999999');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await withdraw.getByText(/^More than your available ₹[\d,]+\.\d{2}$/).waitFor();
    await shot(page, '05c-withdraw-inr-over-balance-1366');
    const none = await call<unknown[]>('/wallets/withdraw/history', undefined, user.token);
    expect(none.data).toHaveLength(0);
    await withdraw.getByLabel('Amount (INR)').fill('1000');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    await toast(page, 'Withdrawal requested');
    const queue = await call<{ _id: string; user: { email: string } }[]>(
      '/admin/withdrawals?status=pending&page_size=100',
      undefined,
      admin,
    );
    const request = queue.data.find((w) => w.user.email === user.email);
    expect(request).toBeDefined();
    const approved = await call(`/admin/withdrawals/${request?._id}/approve`, {}, admin);
    expect(approved.success, approved.message).toBe(true);
    // One approval put it in the payout file: it says so, not "a second admin must approve" (W4-6).
    expect(approved.message).toBe('Approved: in the payout file (Rupees)');
    await console_.goto(`${baseUrl()}/admin/rupees`);
    const payout = row(console_, 'Approved rupee withdrawals', user.email);
    await payout.waitFor();
    const [file] = await Promise.all([
      console_.waitForEvent('download'),
      console_.getByRole('button', { name: 'Download payout file' }).click(),
    ]);
    const csv = await fs.readFile((await file.path()) as string, 'utf8');
    // The account number as a text formula, so a spreadsheet keeps every digit (review I4-4).
    expect(csv).toContain(`IMPS,ASHA RAO,"=""${ACCOUNT}""",HDFC0001234,1000.00,${request?._id}`);
    // The export marked the row sent in a batch (review N4-M3).
    await payout.getByText(/^Sent in batch /).waitFor();
    await payout.getByRole('button', { name: /^Mark paid/ }).click();
    const paid = console_.getByRole('dialog', { name: 'Mark paid' });
    await paid.getByLabel('UTR').fill('HDFCN52026112712345');
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await toast(console_, 'Withdrawal paid');
    await shot(console_, '06-admin-payouts-1366');
    await expectBankPayoutRow(page, request?._id ?? '');

    // 9. The ledger still balances, rupees included.
    const audit = await call<{ ok: boolean }>('/admin/audit/ledger', {}, admin);
    expect(audit.data.ok).toBe(true);
    // The walk waits out the new account's hold (SECURITY_HOLD_HOURS, about 29 s in e2e).
  }, 180_000);

  it('fits 375 px: bank accounts, the INR deposit and the converter', async () => {
    const page = await open(user.token, 375);
    const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
    await page.goto(`${baseUrl()}/profile/bank-accounts`);
    await row(page, 'Your bank accounts', 'Verified').waitFor();
    expect(await wide()).toBeLessThanOrEqual(375);
    await shot(page, '07-bank-accounts-375');
    await page.goto(`${baseUrl()}/wallets/funding`);
    await page.getByRole('region', { name: 'USDT ⇄ INR' }).waitFor();
    expect(await wide()).toBeLessThanOrEqual(375);
    await shot(page, '08-funding-375');
    await page.getByRole('button', { name: 'Deposit INR (Funding)' }).click();
    await page.getByRole('dialog', { name: 'Deposit INR' }).getByTestId('inr-reference').waitFor();
    expect(await wide()).toBeLessThanOrEqual(375);
    await shot(page, '09-deposit-inr-375');
    // The phone's order sheet: "available ⊕" on USDT/INR adds rupees to Spot too (W4-1).
    await page.goto(`${baseUrl()}/USDTINR`);
    await page.getByRole('button', { name: 'Buy USDT' }).click();
    await page.getByTestId('available-balance').filter({ hasText: '₹' }).click();
    const move = page.getByRole('dialog', { name: 'Add rupees to Spot' });
    await move.getByTestId('rupee-funds').filter({ hasText: 'Funding' }).waitFor();
    expect(await wide()).toBeLessThanOrEqual(375);
    await shot(page, '10-add-rupees-375');
    await page.goto(`${baseUrl()}/withdraw-history`);
    await page.getByText('UTR HDFCN52026112712345').waitFor();
    expect(await wide()).toBeLessThanOrEqual(375);
    await shot(page, '11-withdraw-history-375');
  });
});
