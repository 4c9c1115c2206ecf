import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import type * as AuthApi from '../api/auth-api';
import { VerifyEmailStep } from './verify-email-step';

const cooldown = {
  status: 429,
  data: {
    success: false,
    code: 'OTP_COOLDOWN',
    message: 'Please wait 7s before requesting another code',
  },
};
const resend = vi.hoisted(() => vi.fn());
vi.mock('../api/auth-api', async (original) => ({
  ...(await original<typeof AuthApi>()),
  useResendOtpMutation: () => [resend, { isLoading: false }],
}));

describe('VerifyEmailStep', () => {
  it('says nothing when the code it sends on entry is refused for coming too soon', async () => {
    resend.mockReturnValue({ unwrap: () => Promise.reject(cooldown) });
    renderWithApp(<VerifyEmailStep email="asha@example.com" sendOnEntry onBack={vi.fn()} />);
    await vi.waitFor(() => expect(resend).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Please wait/)).not.toBeInTheDocument();
  });

  it('says why when Resend, pressed by the user, is refused', async () => {
    resend.mockReturnValue({ unwrap: () => Promise.reject(cooldown) });
    const { user } = renderWithApp(
      <VerifyEmailStep email="asha@example.com" sendOnEntry={false} onBack={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const said = await screen.findAllByText('Please wait 7s before requesting another code');
    expect(said.length).toBeGreaterThan(0);
  });
});
