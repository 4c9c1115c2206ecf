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

  it('says no reset is in progress without a reset token, not that one expired (walk-3 D20)', () => {
    renderWithApp(<ResetPasswordForm resetToken={null} />);
    expect(screen.getByText(/No password reset in progress/)).toBeInTheDocument();
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });
});
