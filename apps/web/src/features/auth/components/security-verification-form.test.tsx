import { AUTH_MESSAGES } from '@exchange/contracts';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeRegistrationEmail } from '@/lib/session';
import { renderWithApp } from '@/testing/render';
import type * as AuthApi from '../api/auth-api';
import { SecurityVerificationForm } from './security-verification-form';

const validate = vi.hoisted(() => vi.fn(() => ({ unwrap: () => new Promise(() => undefined) })));
vi.mock('../api/auth-api', async (original) => ({
  ...(await original<typeof AuthApi>()),
  useValidateOtpMutation: () => [validate, { isLoading: false }],
}));

beforeEach(() => storeRegistrationEmail('asha@example.com'));
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

const setup = () =>
  renderWithApp(<SecurityVerificationForm type="registration" />, {
    path: '/verification',
    url: '/verification?type=registration',
  });

describe('SecurityVerificationForm', () => {
  it('counts down 10 seconds as {n}s, then offers Send', () => {
    vi.useFakeTimers();
    setup();
    expect(screen.getByText(/Enter the code sent to asha@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '9s' })).toBeDisabled();
    for (let i = 0; i < 9; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('requires a six-digit code', async () => {
    const { user } = setup();
    expect(screen.getByText("Didn't receive the verification code?")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification Code'), '12a');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(AUTH_MESSAGES.otpLength)).toBeInTheDocument();
  });

  it('takes a code pasted with spaces around it whole, and sends the six digits', async () => {
    const { user } = setup();
    const field = screen.getByLabelText('Verification Code');
    await user.click(field);
    await user.paste(' 123456 ');
    expect(field).toHaveValue(' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() =>
      expect(validate).toHaveBeenCalledWith({
        email: 'asha@example.com',
        otp: '123456',
        otp_for: 'registration',
      }),
    );
    expect(screen.queryByText(AUTH_MESSAGES.otpLength)).not.toBeInTheDocument();
  });

  it('explains what to do when no email is waiting for a code', () => {
    localStorage.clear();
    setup();
    expect(screen.getByText(/There is no code waiting/)).toBeInTheDocument();
  });
});
