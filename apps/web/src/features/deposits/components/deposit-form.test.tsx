import { WALLET_MESSAGES } from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DepositForm } from './deposit-form';

describe('DepositForm', () => {
  it("says the spec's messages for empty and non-positive fields", async () => {
    const { user } = renderWithApp(
      <DepositForm tokenId="USDT" onNetworkChange={vi.fn()} onDeposited={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(WALLET_MESSAGES.senderRequired)).toBeInTheDocument();
    expect(screen.getByText(WALLET_MESSAGES.txHashRequired)).toBeInTheDocument();
    expect(screen.getByText(WALLET_MESSAGES.amountRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(WALLET_MESSAGES.amountPositive)).toBeInTheDocument();
  });
});
