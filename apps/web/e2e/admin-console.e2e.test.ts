import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED_MESSAGE, AUDIT_LOG_CSV_COLUMNS } from '@exchange/contracts';
import { adminToken } from './identity-support';
import {
  baseUrl,
  browserForFile,
  call,
  DEMO_PASSWORD,
  PASSWORD,
  verifiedUser,
  waitForToast,
} from './support';

const pages = browserForFile();
let admin: string;

beforeAll(async () => {
  admin = await adminToken();
});

/** A short name no demo coin has: two capitals and digits. */
const shortName = `Q${Date.now().toString(36).toUpperCase().slice(-5)}`;

describe('the admin console: markets, users and the audit log', () => {
  it('halts a pair (the trading screen shows it, new orders are refused) and resumes it', async () => {
    const page = await pages.openAt(admin, '/admin/markets');
    // Halting asks first: Cancel changes nothing.
    await page.getByRole('button', { name: 'Halt ETHUSDT' }).click();
    const confirm = page.getByRole('dialog', { name: 'Halt ETHUSDT?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    const pairs = (await call<{ symbol: string; status: string }[]>('/symbols?page_size=100')).data;
    expect(pairs.find((p) => p.symbol === 'ETHUSDT')?.status).toBe('trading');
    await page.getByRole('button', { name: 'Halt ETHUSDT' }).click();
    await confirm.getByRole('button', { name: 'Halt trading' }).click();
    await waitForToast(page, 'Trading halted on ETHUSDT');
    await page.getByRole('button', { name: 'Resume ETHUSDT' }).waitFor();

    const demo = await call<{ access_token: string }>('/auth/login', {
      email: 'demo@exchange.local',
      password: DEMO_PASSWORD,
    });
    const refused = await call(
      '/orders/spot',
      { symbol: 'ETHUSDT', order_type: 'limit', trade_type: 'buy', price: '100', volume: '0.1' },
      demo.data.access_token,
    );
    expect(refused).toMatchObject({ success: false, message: 'Trading is halted on ETHUSDT' });
    const trader = await pages.openAt(demo.data.access_token, '/ETHUSDT');
    await trader.getByText('Trading halted', { exact: true }).waitFor();
    await trader.getByText(/^Trading is halted on ETHUSDT\./).waitFor();
    expect(await trader.getByRole('button', { name: 'Buy ETH' }).isDisabled()).toBe(true);
    await pages.close();

    const again = await pages.openAt(admin, '/admin/markets');
    await again.getByRole('button', { name: 'Resume ETHUSDT' }).click();
    await waitForToast(again, 'Trading resumed on ETHUSDT');
    await pages.close();
    const resumed = await pages.openAt(demo.data.access_token, '/ETHUSDT');
    await resumed.getByRole('button', { name: 'Buy ETH' }).waitFor();
    expect(await resumed.getByRole('button', { name: 'Buy ETH' }).isEnabled()).toBe(true);
    expect(await resumed.getByText('Trading halted', { exact: true }).count()).toBe(0);
  });

  it('locks a user: their open session is refused at once and they cannot log in', async () => {
    const user = await verifiedUser('locked');
    expect((await call('/users', undefined, user.token)).success).toBe(true);
    const page = await pages.openAt(admin, '/admin/users', 375);
    await page.getByLabel('Search by email, name or phone').fill(user.email);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: user.email }).click();
    // The back button keeps its own width (it stretched over the row like a search field).
    const back = await page.getByRole('button', { name: '← Users' }).boundingBox();
    expect(back?.width).toBeLessThan(200);
    await page.getByRole('button', { name: 'Lock account' }).click();
    const dialog = page.getByRole('dialog');
    // Opened to be typed in: the reason field has the focus, not the ×.
    await dialog.getByLabel('Reason').waitFor();
    expect(await dialog.getByLabel('Reason').evaluate((e) => e === document.activeElement)).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Lock account' }).click();
    await dialog.getByText('Enter a reason').waitFor();
    await dialog.getByLabel('Reason').fill('Card fraud reported by the bank');
    await dialog.getByRole('button', { name: 'Lock account' }).click();
    await waitForToast(page, 'Account locked');
    await page.getByText('Card fraud reported by the bank').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    expect(await call('/users', undefined, user.token)).toMatchObject({ success: false });
    await pages.close();
    const login = await pages.openAt(null, '/login');
    await login.getByLabel('Email/Phone Number').fill(user.email);
    await login.getByRole('button', { name: 'Next' }).click();
    await login.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Submit' }).click();
    await waitForToast(login, ACCOUNT_LOCKED_MESSAGE);
    expect(await login.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('lists a token and a USDT pair that appears in an open pair menu without a reload', async () => {
    // A trading screen open before the listing, never reloaded.
    const trader = await pages.openAt(null, '/BTCUSDT');
    await trader.getByRole('button', { name: 'Pair BTC/USDT, choose another' }).waitFor();
    const page = await pages.openAt(admin, '/admin/markets');
    await page.getByRole('button', { name: 'Add token' }).click();
    const tokenForm = page.getByRole('form', { name: 'Add token' });
    await tokenForm.getByLabel('Name', { exact: true }).fill('Quokka Coin');
    await tokenForm.getByLabel('Short name').fill(shortName);
    await tokenForm.getByLabel('Decimals').fill('8');
    await tokenForm.getByRole('button', { name: 'Add token' }).click();
    await waitForToast(page, `${shortName} listed`);

    await page.getByRole('button', { name: 'Add USDT pair' }).click();
    const pairForm = page.getByRole('form', { name: 'Add USDT pair' });
    await pairForm.getByRole('combobox', { name: 'Base token' }).click();
    await page.getByRole('option', { name: `${shortName} (Quokka Coin)` }).click();
    await pairForm.getByLabel('Tick size (price step)').fill('0.0001');
    await pairForm.getByLabel('Lot size (amount step)').fill('1');
    await pairForm.getByRole('button', { name: 'Add pair' }).click();
    await waitForToast(page, `${shortName}USDT listed`);
    await page.getByRole('cell', { name: `${shortName}/USDT` }).waitFor();

    await trader.getByRole('button', { name: 'Pair BTC/USDT, choose another' }).click();
    await trader
      .getByRole('dialog', { name: 'Choose a pair' })
      .getByRole('link', { name: new RegExp(`^${shortName}/USDT`) })
      .click();
    await trader.waitForURL(`**/${shortName}USDT`);
    await trader.getByRole('button', { name: `Pair ${shortName}/USDT, choose another` }).waitFor();
  });

  it('shows every action in the audit log page and downloads it as CSV', async () => {
    const page = await pages.openAt(admin, '/admin/audit-log');
    const table = page.getByRole('table', { name: 'Audit log' });
    for (const action of [
      'pair.halted',
      'pair.resumed',
      'user.locked',
      'token.listed',
      'pair.listed',
    ])
      await table.getByRole('cell', { name: action, exact: true }).first().waitFor();
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'user.locked' }).click();
    await page.waitForURL('**/admin/audit-log?action=user.locked');
    await table.getByText('Card fraud reported by the bank', { exact: false }).first().waitFor();
    // The values read as lines of JSON, not a column of single characters.
    const after = table.locator('pre', { hasText: 'Card fraud reported by the bank' }).first();
    expect((await after.boundingBox())?.width).toBeGreaterThanOrEqual(200);
    expect(await table.getByRole('cell', { name: 'pair.halted', exact: true }).count()).toBe(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^audit-log-\d{8}T\d{6}\.csv$/);
    const csv = fs.readFileSync((await file.path()) as string, 'utf8');
    expect(csv.startsWith(`\ufeff${AUDIT_LOG_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(csv).toContain('user.locked');
    expect(csv).not.toContain('pair.halted');
  });

  it('runs the ledger audit, and the markets, ledger and audit pages fit 375 px', async () => {
    const page = await pages.openAt(admin, '/admin/ledger-audit', 375);
    // Another file on the shared server may have run it already (the rupees' walk does).
    await page.getByRole('button', { name: 'Run ledger audit' }).click();
    await waitForToast(page, 'Ledger is consistent');
    await page.getByText('Consistent', { exact: true }).waitFor();
    const totals = page.getByRole('table', { name: 'Totals per asset' });
    await totals.getByRole('cell', { name: 'USDT', exact: true }).waitFor();
    // Users + fees + TDS + GST + withdrawn = deposited: every term is a column.
    expect(await totals.getByRole('columnheader').allInnerTexts()).toEqual([
      'Asset',
      'User balances',
      'Fees',
      'TDS',
      'GST payable',
      'Paisa rounding',
      'In withdrawal',
      'Deposited',
      'Withdrawn',
    ]);
    for (const path of ['/admin/ledger-audit', '/admin/markets', '/admin/audit-log']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByRole('table').first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375);
    }
    await page.goto(`${baseUrl()}/admin/audit-log?action=ledger.audited`);
    // The newest first; another file's run may be listed too.
    await page.getByRole('cell', { name: 'ledger.audited', exact: true }).first().waitFor();
  });
});
