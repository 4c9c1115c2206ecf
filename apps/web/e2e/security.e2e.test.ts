import { generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveIdentity, depositUsdt, randomHex } from './identity-support';
import {
  baseUrl,
  call,
  latestCode,
  launchBrowser,
  PASSWORD,
  pathOf,
  verifiedUser,
} from './support';

/**
 * WebAuthn binds passkeys to a domain, and an IP address is none: the browser opens the app as
 * http://localhost:<port> (a secure context), the server's default WEBAUTHN_ORIGIN and RP ID.
 */
const origin = () => baseUrl().replace('127.0.0.1', 'localhost');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: { email: string; token: string };
let secret = '';
let recoveryCodes: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  user = await verifiedUser('security');
  await approveIdentity(user.email, user.token);
  await depositUsdt(user.email, user.token, '100');
});
afterAll(async () => {
  await browser?.close();
});

const go = (path: string) => page.goto(`${origin()}${path}`);
/** Waits for keyboard focus on the heading named `name` (focus never falls to the body). */
const focusOnHeading = (name: string) =>
  page.waitForFunction(
    (text) =>
      document.activeElement?.tagName === 'H2' && document.activeElement.textContent === text,
    name,
  );
const toast = (text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
/** The app's code `steps` time steps from now, as the user's phone would show it. */
const codeAt = (steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

const HELD_UNTIL = /on hold until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} after a security change/;

/** Waits out the cooling-off period a security change started (about 30 s on the e2e server). */
async function waitOutHold() {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  for (let i = 0; i < 60; i++) {
    const profile = await call<{ withdrawals_held_until: string | null }>(
      '/users',
      undefined,
      token ?? undefined,
    );
    if (profile.data.withdrawals_held_until === null) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the withdrawal hold did not end');
}

async function signOut() {
  await page.evaluate(() => localStorage.clear());
}

async function logInWithPassword() {
  await signOut();
  await go('/login');
  await page.getByLabel('Email/Phone Number').fill(user.email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
}

describe('account security: authenticator app and passkeys, through the app', () => {
  it('enrols an authenticator app on the Security page with a typed code', async () => {
    await go('/BTCUSDT');
    await page.evaluate((token) => {
      localStorage.setItem('token', token);
      localStorage.setItem('tokenExpiry', String(Date.now() + 86_400_000));
    }, user.token);
    await go('/profile');
    await page
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Security' })
      .click();
    await page.waitForURL((url) => url.pathname === '/profile/security');
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await page.getByText('No passkeys yet.').waitFor();

    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Authenticator App' });
    await dialog.getByRole('img', { name: 'Authenticator QR code' }).waitFor();
    secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await dialog.getByLabel('Authenticator Code').fill('12');
    await dialog.getByRole('button', { name: 'Turn On' }).click();
    await dialog.getByText('Enter the 6-digit code from your app or a recovery code').waitFor();
    await dialog.getByLabel('Authenticator Code').fill(await codeAt());
    await dialog.getByRole('button', { name: 'Turn On' }).click();

    const codes = page.getByRole('dialog', { name: 'Recovery Codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    // The setup dialog that opened the codes is gone: focus goes to the section's heading.
    await focusOnHeading('Authenticator App');
    await page.getByText('Recovery codes left: 10').waitFor();
    await page.getByText('On', { exact: true }).waitFor();
  });

  it('holds withdrawals after the app is turned on: the withdraw dialog and API keys say until when', async () => {
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const body = { network: 'ethereum', address: randomHex(20), amount: '5', token_id: 'USDT' };
    const held = await call(
      '/wallets/withdraw',
      { ...body, two_factor_code: await codeAt(1) },
      token ?? undefined,
    );
    expect(held).toMatchObject({ success: false, code: 'WITHDRAWALS_HELD' });

    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await go('/wallets/funding');
      await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Withdraw Funds' });
      await dialog.getByText(HELD_UNTIL).waitFor();
      expect(await dialog.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await page.screenshot({ path: `/tmp/sec-a-withdraw-hold-${width}.png` });
      await page.keyboard.press('Escape');
      await go('/profile/api-keys');
      await page.getByText(/Keys with the Withdraw permission are on hold until/).waitFor();
      await page.screenshot({ path: `/tmp/sec-a-api-keys-hold-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('asks for the code after the password and logs in with a generated code', async () => {
    await logInWithPassword();
    await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
    const right = await codeAt(1);
    await page.getByLabel('Authenticator Code').fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    // From the owner's known device, wrong codes count in the device's own bucket (review N-L5),
    // told as the account's count is.
    await page.getByText('Invalid authenticator code. 4 tries left').waitFor();
    // The code of the next time step: the enrolment spent this one.
    await page.getByLabel('Authenticator Code').fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    await toast('Login successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/BTCUSDT');
  });

  it('refuses a withdrawal without the code and takes one with a recovery code', async () => {
    await waitOutHold();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const body = { network: 'ethereum', address: randomHex(20), amount: '5', token_id: 'USDT' };
    const refused = await call('/wallets/withdraw', body, token ?? undefined);
    expect(refused).toMatchObject({
      success: false,
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Enter the code from your authenticator app to continue',
    });

    await go('/wallets/funding');
    await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw Funds' });
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Ethereum (ETH)' }).click();
    await dialog.getByLabel('Address').fill(randomHex(20));
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    await dialog.getByText('Enter the 6-digit code from your authenticator app').waitFor();
    await dialog.getByLabel('Authenticator Code').fill(recoveryCodes[0]!);
    await dialog.getByRole('button', { name: 'Submit withdrawal' }).click();
    await toast('Withdrawal request submitted').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  it('shows the address book code field at once with the app on; a refused whitelist says why (W4-7)', async () => {
    await go('/profile/security');
    const book = page.getByRole('region', { name: 'Withdrawal addresses' });
    await book.getByRole('textbox', { name: /Authenticator Code/ }).waitFor();
    await book.getByRole('button', { name: 'Turn whitelist on' }).click();
    const refusal = book.getByRole('alert').filter({ hasText: 'authenticator app' }).first();
    await refusal.waitFor();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const after = await call<{ whitelist: boolean }>('/withdraw-addresses', undefined, token ?? '');
    expect(after.data.whitelist).toBe(false);
  });

  it('registers a passkey in a virtual authenticator and logs in with it', async () => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await go('/profile/security');
    // The name field takes focus on opening; Escape still hands it back to Add Passkey.
    const add = page.getByRole('button', { name: 'Add Passkey' });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Passkey' });
    await dialog.getByLabel('Passkey Name').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix's focus scope hands focus back in a timeout after the dialog unmounts.
    await expect.poll(() => add.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Name your passkey').waitFor();
    await dialog.getByLabel('Passkey Name').fill('E2E laptop');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    // The authenticator app is on: adding a passkey is a security change it confirms.
    await dialog.getByLabel('Authenticator Code').fill(recoveryCodes[1]!);
    await dialog.getByRole('button', { name: 'Create Passkey' }).click();
    await toast('Passkey added').waitFor();
    await page.getByRole('list', { name: 'Your passkeys' }).getByText('E2E laptop').waitFor();

    await signOut();
    await go('/login');
    await page.getByRole('button', { name: 'Log In with Passkey' }).click();
    await toast('Login successful').waitFor();
    await page.waitForURL((url) => url.pathname === '/BTCUSDT');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const profile = await call<{ email: string }>('/users', undefined, token ?? undefined);
    expect(profile.data.email).toBe(user.email);
    expect(pathOf(page)).toBe('/BTCUSDT');
  });

  it('asks a passkey to confirm a withdrawal once the authenticator app is off', async () => {
    await go('/profile/security');
    await page.getByRole('button', { name: 'Turn Off' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn Off Authenticator App' });
    await dialog.getByLabel('Authenticator Code').fill(recoveryCodes[2]!);
    await dialog.getByRole('button', { name: 'Turn Off' }).click();
    await toast('Authenticator app turned off').waitFor();
    // Turn Off went with the app: focus goes to the section's heading, not the page's body.
    await focusOnHeading('Authenticator App');
    // Turning it off is a security change too: withdrawals wait out the hold first.
    await waitOutHold();

    const token = await page.evaluate(() => localStorage.getItem('token'));
    const body = { network: 'ethereum', address: randomHex(20), amount: '5', token_id: 'USDT' };
    expect(await call('/wallets/withdraw', body, token ?? undefined)).toMatchObject({
      success: false,
      code: 'SECOND_FACTOR_REQUIRED',
      message: 'Confirm with your passkey to continue',
    });

    await go('/wallets/funding');
    await page.getByRole('button', { name: 'Withdraw USDT (Funding)' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Funds' });
    await withdraw.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Ethereum (ETH)' }).click();
    await withdraw.getByLabel('Address').fill(randomHex(20));
    await withdraw.getByLabel('Amount').fill('5');
    expect(await withdraw.getByLabel('Authenticator Code').count()).toBe(0);
    // Submit withdrawal asks the passkey (the virtual authenticator answers), then sends the withdrawal.
    await withdraw.getByRole('button', { name: 'Submit withdrawal' }).click();
    await toast('Withdrawal request submitted').waitFor();
    await withdraw.waitFor({ state: 'detached' });
  });

  it('asks the passkey before setting up an authenticator app, and before an API key', async () => {
    await go('/profile/security');
    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set Up Authenticator App' });
    await dialog
      .getByText('Confirm with one of your passkeys to set up an authenticator app.')
      .waitFor();
    expect(await dialog.getByTestId('totp-secret').count()).toBe(0);
    // The virtual authenticator answers; only then is a secret made.
    await dialog.getByRole('button', { name: 'Confirm with Passkey' }).click();
    await dialog.getByRole('img', { name: 'Authenticator QR code' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await go('/profile/api-keys');
    const form = page.getByRole('form', { name: 'Create API key' });
    await form.getByText('You confirm the new key with one of your passkeys.').waitFor();
    expect(await form.getByLabel('Authenticator code').count()).toBe(0);
    await form.getByLabel('Label').fill('Passkey bot');
    await form.getByRole('button', { name: 'Create API key' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    await created.getByText('Copy the secret now: it is not shown again.').waitFor();
    await created.getByRole('button', { name: 'Done' }).click();
    await created.waitFor({ state: 'detached' });
  });

  it('suspends the new passkey after a password reset until the owner confirms it', async () => {
    await call('/auth/password/forgot', { email: user.email });
    const code = await call<{ reset_token: string }>('/auth/otp/validate', {
      email: user.email,
      otp: await latestCode(user.email),
      otp_for: 'password_reset',
    });
    await call('/auth/password/reset', { reset_token: code.data.reset_token, password: PASSWORD });
    // Every session ended with the reset: the owner logs in with the password again.
    await logInWithPassword();
    await toast('Login successful').waitFor();
    await go('/profile/security');
    await page.getByText('Suspended after your password reset').waitFor();
    await page.screenshot({ path: '/tmp/sec-a-suspended-passkey.png', fullPage: true });
    await page.getByRole('button', { name: 'Confirm E2E laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Passkey' });
    await dialog.getByText('Confirm only if you added it yourself.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await toast('Passkey confirmed').waitFor();
    await page.getByText('Suspended after your password reset').waitFor({ state: 'detached' });
  });

  it('fits the Security page in 375 px', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await go('/profile/security');
    await page.getByText('E2E laptop').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });

  it('removes the passkey from the keyboard; focus stays in the Passkeys section', async () => {
    await go('/profile/security');
    await page.getByRole('button', { name: 'Remove E2E laptop' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Remove Passkey' });
    // No app: the passkey itself confirms (the virtual authenticator answers).
    await dialog.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await toast('Passkey removed').waitFor();
    await page.getByText('No passkeys yet.').waitFor();
    await focusOnHeading('Passkeys');
  });

  it('changes the password on the Security page with the current one', async () => {
    await go('/profile/security');
    const section = page.getByRole('region', { name: 'Password' });
    await section.getByLabel('Current Password').fill('Wr0ngPassphrase');
    await section.getByLabel('New Password', { exact: true }).fill('N3w-Passphrase');
    await section.getByLabel('Confirm New Password').fill('N3w-Passphrase');
    await section.getByRole('button', { name: 'Change Password' }).click();
    await toast('Your current password is not correct').waitFor();
    await section.getByLabel('Current Password').fill(PASSWORD);
    await section.getByRole('button', { name: 'Change Password' }).click();
    await toast('Password changed. Your other sessions were logged out').waitFor();
    // This session stays; the new password signs in.
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    const login = await call<{ access_token?: string }>('/auth/login', {
      email: user.email,
      password: 'N3w-Passphrase',
    });
    expect(login.data.access_token).toBeTruthy();
  });
});
