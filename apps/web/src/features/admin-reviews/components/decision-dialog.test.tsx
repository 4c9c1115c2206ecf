import { payoutSchema, TWO_FACTOR_MESSAGES as F } from '@exchange/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallFailure } from '@/lib/api-error';
import { renderWithApp } from '@/testing/render';
import { DecisionDialog, type DecisionDialogProps } from './decision-dialog';

const HASH = `0x${'ab'.repeat(32)}`;
const refusal = (status: number, code: string, message: string): CallFailure => ({
  success: false,
  status,
  code,
  message,
  data: null,
  exception: false,
});

/** The contracts' message for a form value, as the server would say it. */
const messageOf = (value: object) => payoutSchema.safeParse(value).error?.issues[0]?.message ?? '';

function open(props: Partial<DecisionDialogProps>) {
  const onSubmit = vi.fn<DecisionDialogProps['onSubmit']>(async () => null);
  const onClose = vi.fn();
  const rendered = renderWithApp(
    <DecisionDialog
      title="Approve withdrawal"
      description="Pay 5 USDT to 0x22…"
      ask={undefined}
      factors={{ code: false, passkey: false }}
      submitLabel="Approve"
      onClose={onClose}
      onSubmit={onSubmit}
      {...props}
    />,
  );
  return { ...rendered, onSubmit, onClose };
}

afterEach(cleanup);

describe('DecisionDialog', () => {
  it('asks for the payout hash of a payout made by hand, without a code for an admin with none', async () => {
    const { user, onSubmit, onClose } = open({ ask: 'tx_hash' });
    onSubmit.mockResolvedValueOnce(refusal(409, 'CONFLICT', 'Try again'));
    expect(screen.getByRole('dialog', { name: 'Approve withdrawal' })).toHaveAccessibleDescription(
      'Pay 5 USDT to 0x22…',
    );
    expect(screen.queryByLabelText('Authenticator Code')).toBeNull();
    const field = screen.getByLabelText('Payout transaction hash');
    expect(field).toHaveFocus();
    await user.type(field, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const error = messageOf({ tx_hash: '0x1234' });
    expect(await screen.findByText(error)).toBeVisible();
    expect(field).toHaveAccessibleDescription(error);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, HASH);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenCalledWith({ tx_hash: HASH });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("asks whom to credit with the admin's code, refusing a malformed email before sending", async () => {
    const { user, onSubmit } = open({
      title: 'Assign credit',
      ask: 'email',
      factors: { code: true, passkey: false },
      submitLabel: 'Assign',
    });
    const email = screen.getByLabelText('User’s email');
    expect(email).toHaveFocus();
    await user.type(email, 'asha@');
    await user.type(screen.getByLabelText('Authenticator Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Enter the user’s email')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email, 'example.com');
    await user.click(screen.getByRole('button', { name: 'Assign' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'asha@example.com', two_factor_code: '123456' });
  });

  it("asks an admin with the authenticator app for its code, shows the server's refusal under it, and sends the right one", async () => {
    const { user, onSubmit, onClose } = open({
      ask: 'tx_hash',
      factors: { code: true, passkey: false },
    });
    onSubmit.mockResolvedValueOnce(
      refusal(400, 'SECOND_FACTOR_INVALID', `${F.codeInvalid}. 4 tries left`),
    );
    await user.type(screen.getByLabelText('Payout transaction hash'), HASH);
    const code = screen.getByLabelText('Authenticator Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(F.codeRequired)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(code, '000000{Enter}');
    const wrong = `${F.codeInvalid}. 4 tries left`;
    expect(await screen.findByText(wrong)).toBeVisible();
    expect(code).toHaveAccessibleDescription(wrong);
    expect(onClose).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '123 456{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ tx_hash: HASH, two_factor_code: '123456' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the code field once the server asks for it', async () => {
    const { user, onSubmit } = open({ title: 'Confirm deposit', submitLabel: 'Confirm' });
    onSubmit.mockResolvedValueOnce(refusal(403, 'SECOND_FACTOR_REQUIRED', F.codeRequiredForAction));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const code = await screen.findByLabelText('Authenticator Code');
    expect(code).toHaveAccessibleDescription(F.codeRequiredForAction);
    await user.type(code, '654321{Enter}');
    expect(onSubmit).toHaveBeenLastCalledWith({ two_factor_code: '654321' });
  });
});
