import { amountAllowsDecimals, WALLET_MESSAGES } from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { DepositForm } from './deposit-form';

describe('DepositForm', () => {
  it("says the spec's messages for empty and non-positive fields", async () => {
    const { user } = renderWithApp(
      <DepositForm
        tokenId="USDT"
        networks={[{ network: 'ethereum', decimals: 6, withdraw_fee: '0', withdraw_min: '0' }]}
        onNetworkChange={vi.fn()}
        onDeposited={vi.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(WALLET_MESSAGES.senderRequired)).toBeInTheDocument();
    expect(screen.getByText(WALLET_MESSAGES.txHashRequired)).toBeInTheDocument();
    expect(screen.getByText(WALLET_MESSAGES.amountRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(WALLET_MESSAGES.amountPositive)).toBeInTheDocument();
  });

  it("starts on the coin's first network, offers only its networks and their precision", async () => {
    const { user } = renderWithApp(
      <DepositForm
        tokenId="BTC"
        networks={[
          { network: 'polygon', decimals: 8, withdraw_fee: '0', withdraw_min: '0' },
          { network: 'bsc', decimals: 18, withdraw_fee: '0', withdraw_min: '0' },
        ]}
        onNetworkChange={vi.fn()}
        onDeposited={vi.fn()}
      />,
    );
    const network = screen.getByRole('combobox', { name: 'Network' });
    expect(network).toHaveTextContent('Binance Smart Chain (BSC)');
    await user.click(network);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Binance Smart Chain (BSC)', 'Polygon']);
    await user.click(screen.getByRole('option', { name: 'Polygon' }));
    await user.type(screen.getByLabelText('Sender Address'), `0x${'ab'.repeat(20)}`);
    await user.type(screen.getByLabelText('Transaction Hash'), `0x${'cd'.repeat(32)}`);
    await user.type(screen.getByLabelText('Amount'), '0.123456789');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(amountAllowsDecimals(8))).toBeInTheDocument();
  });
});
