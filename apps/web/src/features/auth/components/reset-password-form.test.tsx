import { AUTH_MESSAGES } from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ResetPasswordForm } from './reset-password-form';

describe('ResetPasswordForm', () => {
  it('applies the sign-up password rule and the confirmation (D12)', async () => {
    const { user } = renderWithApp(<ResetPasswordForm resetToken="token" />);
    await user.type(screen.getByLabelText('New Password'), 'weakpassword');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordClasses)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'Abcdefghij1');
    await user.type(screen.getByLabelText('Confirm Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.confirmMismatch)).toBeInTheDocument();
  });

  it('asks to start again without a reset token', () => {
    renderWithApp(<ResetPasswordForm resetToken={null} />);
    expect(screen.getByText(/This reset request has expired/)).toBeInTheDocument();
  });
});
