import type { UserProfile, VerificationRequestStatus } from '@exchange/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppStore } from '@/app/store';
import { paths } from '@/config/paths';
import { authApi } from '@/features/auth/api/auth-api';
import { clearToken, storeToken } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import { KycApplicantOnly } from './guards';

const profile = (status: VerificationRequestStatus): UserProfile => ({
  id: '0190a5b2-0000-7000-8000-000000000001',
  first_name: 'Meera',
  last_name: 'Iyer',
  email: 'meera@example.com',
  phone: null,
  is_verified: true,
  verification_request_status: status,
  verification_rejection_reason: null,
  role: 'user',
  two_factor_enabled: false,
  has_passkeys: false,
  withdrawals_held_until: null,
  anti_phishing_code: null,
  created_at: '2026-11-28T00:00:00.000Z',
  language: null,
  number_grouping: null,
});

/** The profile's answer, as a fetch of it would put it in the store. */
const putProfile = (store: AppStore, status: VerificationRequestStatus) =>
  store.dispatch(authApi.util.upsertQueryData('getProfile', undefined, profile(status)));

/** /kyc-verification behind its guard, with the profile the store holds. */
function visit(status: VerificationRequestStatus) {
  storeToken('token');
  const app = renderWithApp(
    <KycApplicantOnly>
      <p>The verification form</p>
    </KycApplicantOnly>,
    {
      path: paths.kycVerification.path,
      routes: [{ path: paths.profileKyc.path, element: <p>The status card</p> }],
      seed: (store) => void putProfile(store, status),
    },
  );
  /** A refetched profile arrives; a redirect it caused would have happened by the time this ends. */
  const setStatus = (next: VerificationRequestStatus) =>
    act(async () => {
      await putProfile(app.store, next);
      await new Promise((settle) => setTimeout(settle, 50));
    });
  return { ...app, setStatus };
}

describe('KycApplicantOnly (decision D13)', () => {
  // Unmounted first: signed out, the guard would send the page to /login.
  afterEach(() => {
    cleanup();
    clearToken();
  });

  it('sends a user who is already pending or verified to /profile/kyc', async () => {
    const { router } = visit('pending_identity');
    expect(await screen.findByText('The status card')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.profileKyc.getHref());
  });

  it('admits an applicant, and keeps the page while the submit it made leaves for /', async () => {
    const { router, setStatus } = visit('rejected');
    expect(await screen.findByText('The verification form')).toBeInTheDocument();
    // The refetched profile after the final submit: pending, before the page has left.
    await setStatus('pending_identity');
    expect(screen.getByText('The verification form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.kycVerification.getHref());
  });
});
