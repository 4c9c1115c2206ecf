import { manualPayoutSchema, reviewRejectSchema } from '@exchange/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { OneFieldDialog } from './one-field-dialog';
import { ReasonDialog } from './reason-dialog';

const HASH = `0x${'ab'.repeat(32)}`;
/** The contracts' message for a form value, as the server would say it. */
const messageOf = (schema: typeof manualPayoutSchema | typeof reviewRejectSchema, value: object) =>
  schema.safeParse(value).error?.issues[0]?.message ?? '';

/** The withdrawal queue's dialog for a payout made by hand. */
const PAYOUT_HASH = {
  title: 'Approve withdrawal',
  description: "Enter the payout's transaction hash.",
  schema: manualPayoutSchema,
  field: { name: 'tx_hash', label: 'Payout transaction hash' },
  submitLabel: 'Approve',
};

afterEach(cleanup);

describe('OneFieldDialog', () => {
  it('asks for a reason before a rejection is sent, then sends it and closes', async () => {
    const onReject = vi.fn(async () => true);
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <ReasonDialog title="Reject 5 USDT" onClose={onClose} onReject={onReject} />,
    );
    expect(screen.getByRole('dialog', { name: 'Reject 5 USDT' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messageOf(reviewRejectSchema, { reason: '' }))).toBeVisible();
    expect(onReject).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason (the user sees it)'), 'Sender not verified');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith('Sender not verified');
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a malformed payout hash, keeps the dialog open when the server refuses', async () => {
    const onSubmit = vi.fn(async () => false);
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <OneFieldDialog {...PAYOUT_HASH} onClose={onClose} onSubmit={onSubmit} />,
    );
    expect(screen.getByRole('dialog', { name: 'Approve withdrawal' })).toHaveAccessibleDescription(
      "Enter the payout's transaction hash.",
    );
    const field = screen.getByLabelText('Payout transaction hash');
    await user.type(field, '0x1234');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const error = messageOf(manualPayoutSchema, { tx_hash: '0x1234' });
    expect(await screen.findByText(error)).toBeVisible();
    expect(field).toHaveAccessibleDescription(error);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, HASH);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onSubmit).toHaveBeenCalledWith(HASH);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
