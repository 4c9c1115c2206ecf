import { afterEach, describe, expect, it } from 'vitest';
import { toastFailure } from './api-error';
import { dismissToast, toastStore } from './toast';

afterEach(() => toastStore.getSnapshot().forEach((t) => dismissToast(t.id)));

const refusal = (code: string, message: string) => ({
  status: 403,
  data: { success: false, status: 403, code, message },
});

describe('toastFailure', () => {
  it("shows the server's message, and the way to Identity Verification on KYC_REQUIRED (D18)", () => {
    toastFailure(refusal('KYC_REQUIRED', 'Complete identity verification first'), 'Deposit failed');
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({
      kind: 'error',
      message: 'Complete identity verification first',
      link: { label: 'Identity Verification', href: '/profile/kyc' },
    });
  });

  it('points an admin without a second factor to the Security page', () => {
    toastFailure(refusal('SECOND_FACTOR_ENROLMENT_REQUIRED', 'Turn on a second factor'), 'Failed');
    expect(toastStore.getSnapshot().at(-1)).toMatchObject({
      message: 'Turn on a second factor',
      link: { label: 'Security', href: '/profile/security' },
    });
  });

  it('falls back to the screen message and offers no link for other refusals', () => {
    toastFailure({ status: 400, data: { code: 'BAD_REQUEST' } }, 'Withdraw failed');
    const last = toastStore.getSnapshot().at(-1);
    expect(last?.message).toBe('Withdraw failed');
    expect(last?.link).toBeUndefined();
  });
});
