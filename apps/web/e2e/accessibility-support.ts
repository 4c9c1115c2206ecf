import type { BrowserContextOptions } from 'playwright-core';
import { baseUrl } from './support';

/**
 * A browser context's settings that open it signed in with `token` (none: signed out): the token
 * is in local storage before the first page loads, so no page is loaded only to store it.
 */
export function signedInAs(token: string | null): BrowserContextOptions {
  if (!token) return {};
  const localStorage = [
    { name: 'token', value: token },
    { name: 'tokenExpiry', value: String(Date.now() + 86_400_000) },
  ];
  return { storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage }] } };
}
