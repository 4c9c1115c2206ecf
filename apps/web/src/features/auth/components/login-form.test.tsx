import { AUTH_MESSAGES } from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoginForm } from './login-form';

afterEach(() => localStorage.clear());

describe('LoginForm', () => {
  it('keeps Next disabled while the email is blank', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Email/Phone Number'), '   ');
    expect(next).toBeDisabled();
  });

  it('says the email is invalid and stays on the email step', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email/Phone Number'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(AUTH_MESSAGES.loginEmailInvalid)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('says a phone number cannot log in, not that it is a bad email (walk-3 D14)', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email/Phone Number'), '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(AUTH_MESSAGES.loginPhoneUnsupported)).toBeInTheDocument();
    expect(screen.queryByText(AUTH_MESSAGES.loginEmailInvalid)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the password step once the email validates, and requires the password', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText('Email/Phone Number'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('offers passkey login, and social sign-in that says Coming soon (D9)', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    expect(screen.getByText('Or continue with')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In with Passkey' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Coming soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up now' })).toHaveAttribute(
      'href',
      '/crypto-signup',
    );
    expect(screen.getByText(/Don't have an account\?/)).toBeInTheDocument();
  });

  it('asks for a valid email before sending a reset code (D12)', async () => {
    const { user } = renderWithApp(<LoginForm />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByText(AUTH_MESSAGES.loginEmailRequired)).toBeInTheDocument();
  });
});
