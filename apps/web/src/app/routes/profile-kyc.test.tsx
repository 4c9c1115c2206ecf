import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { Component as ProfileDashboard } from './profile';
import { Component as ProfileKyc } from './profile-kyc';

// The server is down: every call fails as the browser's fetch does (relative URLs resolved).
beforeEach(() => {
  const BrowserRequest = class extends Request {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  };
  vi.stubGlobal('Request', BrowserRequest);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Signed in, with no profile kept from before, and GET /users failing.
describe('profile screens when the profile cannot be loaded', () => {
  it('/profile/kyc says so and offers a retry instead of spinning for ever', async () => {
    storeToken('a-token');
    renderWithApp(<ProfileKyc />, { path: '/profile/kyc' });
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('/profile does not call the user Not Verified when it does not know', async () => {
    storeToken('a-token');
    renderWithApp(<ProfileDashboard />, { path: '/profile' });
    expect(await screen.findByText('Your profile could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Not Verified')).not.toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });
});
