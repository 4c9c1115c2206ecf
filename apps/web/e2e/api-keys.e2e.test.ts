import { createHmac } from 'node:crypto';
import { API_KEY_HEADERS, signingPayload } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrl, browserForFile, call, signIn, verifiedUser } from './support';

const pages = browserForFile();
const openPage = pages.open;

/** A request signed with the key as a program would send it (the README's scheme). */
async function signedGet(apiKey: string, secret: string, path: string) {
  const timestamp = String(Date.now());
  const signature = createHmac('sha256', secret)
    .update(signingPayload(timestamp, 'GET', path, '', ''))
    .digest('hex');
  const res = await fetch(`${baseUrl()}${path}`, {
    headers: {
      [API_KEY_HEADERS.key]: apiKey,
      [API_KEY_HEADERS.timestamp]: timestamp,
      [API_KEY_HEADERS.signature]: signature,
    },
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

describe('the API Keys page', () => {
  it('creates a key, shows its secret once, and revokes it: the next signed request is refused', async () => {
    const page = await openPage();
    const user = await verifiedUser('api-keys');
    await signIn(page, user.token);
    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('link', { name: 'API Keys' }).click();
    await page.waitForURL('**/profile/api-keys');
    await page.getByRole('heading', { level: 1, name: 'API Keys' }).waitFor();
    await page.getByRole('region', { name: 'Your API keys' }).getByText('NO DATA').waitFor();

    // Nothing chosen but the label is refused with the form's messages, and nothing is created.
    await page.getByRole('checkbox', { name: /Read/ }).uncheck();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByText('Label is required').waitFor();
    await page.getByText('Choose at least one permission').waitFor();
    // Withdraw needs the authenticator app, which this user has not turned on: the server says so.
    await page.getByLabel('Label').fill('Payout bot');
    await page.getByRole('checkbox', { name: 'Withdraw' }).check();
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page
      .getByText(
        'Withdraw permission needs two-factor authentication: turn on the authenticator app first',
      )
      .first()
      .waitFor();
    await page.getByRole('checkbox', { name: 'Withdraw' }).uncheck();

    await page.getByLabel('Label').fill('Grid bot');
    await page.getByRole('checkbox', { name: /Read/ }).check();
    await page.getByRole('checkbox', { name: /Trade/ }).check();
    await page.getByRole('combobox', { name: 'Expires after' }).click();
    await page.getByRole('option', { name: '30 days' }).click();
    await page.getByRole('button', { name: 'Create API key' }).click();

    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await dialog.getByText('Copy the secret now: it is not shown again.').waitFor();
    const apiKey = (await dialog.getByTestId('api-key').textContent()) ?? '';
    const secret = (await dialog.getByTestId('api-secret').textContent()) ?? '';
    expect(apiKey).toMatch(/^ak_/);
    expect(secret.length).toBeGreaterThan(30);
    await dialog.getByRole('button', { name: 'Copy secret' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Listed without its secret; the secret is nowhere on the page any more.
    const table = page.getByRole('table', { name: 'Your API keys' });
    const row = table.getByRole('row', { name: /Grid bot/ });
    await row.getByText('Active').waitFor();
    await row.getByText('read, trade').waitFor();
    expect(await page.content()).not.toContain(secret);

    const wallets = await signedGet(apiKey, secret, '/api/v1/wallets/spot');
    expect(wallets.status).toBe(200);

    await row.getByRole('button', { name: 'Revoke Grid bot' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked').waitFor();
    expect(await row.getByRole('button', { name: 'Revoke Grid bot' }).count()).toBe(0);

    const after = await signedGet(apiKey, secret, '/api/v1/wallets/spot');
    expect(after).toEqual({
      status: 401,
      body: expect.objectContaining({ message: 'API key revoked' }),
    });
  });

  it('shows every column, Revoke included, at 1366 px; revoking keeps focus in the list', async () => {
    const page = await openPage(1366, 900);
    const user = await verifiedUser('api-keys-desk');
    await call(
      '/api-keys',
      { label: 'Desk bot', scopes: ['read'], expires_in_days: 30 },
      user.token,
    );
    await signIn(page, user.token);
    await page.goto(`${baseUrl()}/profile/api-keys`);
    const list = page.getByRole('region', { name: 'Your API keys' });
    const revoke = list.getByRole('button', { name: 'Revoke Desk bot' });
    await revoke.waitFor();
    // The whole table fits its box: nothing is hidden behind a sideways scroll.
    expect(await list.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);

    // The new key's dialog names what each button copies.
    await page.getByLabel('Label').fill('Second bot');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    await created.getByRole('button', { name: 'Copy API key', exact: true }).waitFor();
    await created.getByRole('button', { name: 'Copy secret', exact: true }).waitFor();
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
    // Create was disabled while busy (focus on nothing): Done hands focus to the page's title.
    await page.waitForFunction(() => document.activeElement?.textContent === 'API Keys');

    // By keyboard: the Revoke button goes with the revocation, focus stays with the list.
    await revoke.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Revoke API key' });
    await confirm.getByRole('button', { name: 'Revoke' }).focus();
    await page.keyboard.press('Enter');
    await list
      .getByRole('row', { name: /Desk bot/ })
      .getByText('Revoked')
      .waitFor();
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Your API keys',
    );
  });

  it('works from the keyboard at 375 px without scrolling sideways', async () => {
    const page = await openPage(375, 812);
    const user = await verifiedUser('api-keys-mobile');
    await signIn(page, user.token);
    await page.goto(`${baseUrl()}/profile/api-keys`);
    await page.getByLabel('Label').focus();
    await page.keyboard.type('Phone bot');
    await page.getByRole('button', { name: 'Create API key' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'API key created' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Your API keys' }).getByText('Phone bot').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});
