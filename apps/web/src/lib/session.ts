import { createAction } from '@reduxjs/toolkit';
import { useSyncExternalStore } from 'react';
import { SESSION_TTL_MS } from '@/config/constants';

/** Local storage keys of spec section 3 ("Stored locally"). */
const KEYS = { token: 'token', tokenExpiry: 'tokenExpiry', email: 'registrationEmail' } as const;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** A stored token whose expiry has passed counts as absent (and is removed). */
export function getToken(): string | null {
  const token = localStorage.getItem(KEYS.token);
  if (!token) return null;
  const expiry = Number(localStorage.getItem(KEYS.tokenExpiry));
  if (expiry && expiry <= Date.now()) {
    clearToken();
    return null;
  }
  return token;
}

/** Spec section 4: the token is stored with tokenExpiry 24 hours ahead. */
export function storeToken(token: string, now = Date.now()) {
  localStorage.setItem(KEYS.token, token);
  localStorage.setItem(KEYS.tokenExpiry, String(now + SESSION_TTL_MS));
  notify();
}

/** Removes the token; answers whether there was one. */
export function clearToken(): boolean {
  const had = localStorage.getItem(KEYS.token) !== null;
  localStorage.removeItem(KEYS.token);
  localStorage.removeItem(KEYS.tokenExpiry);
  if (had) notify();
  return had;
}

/** Logout (spec section 4): every local storage key and every cookie goes. */
export function clearAllClientStorage() {
  localStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  notify();
}

export const getRegistrationEmail = () => localStorage.getItem(KEYS.email);
export const storeRegistrationEmail = (email: string) => localStorage.setItem(KEYS.email, email);

/** Calls `listener` whenever the token is stored or removed, in this tab or another. */
export function subscribeToken(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out changes this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEYS.token) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Signed in means a token is present in local storage (spec section 4). */
export function useIsAuthenticated(): boolean {
  return useSyncExternalStore(subscribeToken, () => getToken() !== null);
}

/** Resets every persisted slice; the slices listen for it. */
export const loggedOut = createAction('session/loggedOut');
