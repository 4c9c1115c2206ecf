import { reviewRejectSchema } from '@exchange/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { ReasonDialog } from './reason-dialog';

/** The contracts' message for a form value, as the server would say it. */
const messageOf = (schema: typeof reviewRejectSchema, value: object) =>
  schema.safeParse(value).error?.issues[0]?.message ?? '';

afterEach(cleanup);

describe('OneFieldDialog', () => {
  it('asks for a reason before a rejection is sent, then sends it and closes', async () => {
    const onReject = vi.fn(async () => true);
    const onClose = vi.fn();
    const { user } = renderWithApp(
      <ReasonDialog title="Reject 5 USDT" onClose={onClose} onReject={onReject} />,
    );
    expect(screen.getByRole('dialog', { name: 'Reject 5 USDT' })).toBeVisible();
    // Opened to be typed in: a keyboard user's reason goes into the field, not onto the ×.
    expect(screen.getByLabelText('Reason (the user sees it)')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messageOf(reviewRejectSchema, { reason: '' }))).toBeVisible();
    expect(onReject).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Reason (the user sees it)'), 'Sender not verified');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onReject).toHaveBeenCalledWith('Sender not verified');
    expect(onClose).toHaveBeenCalled();
  });
});
