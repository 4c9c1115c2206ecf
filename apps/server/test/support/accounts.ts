import type { TestApp } from './test-app.js';

export const PASSWORD = 'Sup3rSecretPass';

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${Date.now()}@example.com`;
}

export function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Asha',
    last_name: 'Rao',
    email,
    phone: '9876543210',
    password: PASSWORD,
    ...overrides,
  };
}

/** The 6-digit code in the newest mail to `email`. */
export function latestCode(t: TestApp, email: string): string {
  const mail = t.outbox.list(email)[0];
  const code = mail?.text.match(/code is (\d{6})/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

export const get = (t: TestApp, url: string, token?: string) =>
  t.request({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Registers and verifies; returns the email. */
export async function verifiedUser(t: TestApp, email = uniqueEmail()): Promise<string> {
  await post(t, '/auth/register', registration(email));
  await post(t, '/auth/otp/validate', {
    email,
    otp: latestCode(t, email),
    otp_for: 'registration',
  });
  return email;
}

export async function loginToken(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await post(t, '/auth/login', { email, password });
  const token = res.json().data?.access_token as string | undefined;
  if (!token) throw new Error(`login failed: ${res.body}`);
  return token;
}
