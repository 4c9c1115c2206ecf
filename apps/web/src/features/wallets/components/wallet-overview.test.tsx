import type { WalletGroup } from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { WalletOverview } from './wallet-overview';

const coin = (name: string, funding: string): WalletGroup => ({
  token_id: name,
  short_name: name,
  name,
  decimals: name === 'INR' ? 2 : 8,
  networks: [],
  balances: [
    {
      wallet_type: 'funding',
      amount: funding,
      locked_balance: '0',
      token: { _id: name, name, symbol: name },
    },
  ],
});

/** As `useUsdtPrices` makes them: the rupee at 1 ÷ the USDT/INR price, to 12 places. */
const prices = { USDTINR: '88.05', INR: '0.011357183418' };

const overview = (groups: WalletGroup[]) =>
  renderWithApp(
    <WalletOverview
      groups={groups}
      prices={prices}
      isLoading={false}
      error={null}
      onAction={vi.fn()}
    />,
  );

describe('the wallet total (walk-4 W4-11)', () => {
  it('heads a rupee holder’s total in rupees, theirs at face value', async () => {
    overview([coin('INR', '50000'), coin('USDT', '0')]);
    // Through USDT and back this was "567.86 USDT ≈ ₹49,999.99".
    expect((await screen.findByTestId('total-asset-value-inr')).textContent).toBe('₹50,000.00');
    expect(screen.getByTestId('total-asset-value').textContent).toBe('≈ 567.86 USDT');
  });

  it('adds the other coins at USDT × the USDT/INR price, to the paisa', async () => {
    overview([coin('INR', '1000.5'), coin('USDT', '10.0001')]);
    // 1,000.50 + 10.0001 × 88.05 (880.508805) = 1,881.008805: shown as ₹1,881.00.
    expect((await screen.findByTestId('total-asset-value-inr')).textContent).toBe('₹1,881.00');
  });

  it('keeps the USDT headline for a user without rupees', async () => {
    overview([coin('USDT', '100')]);
    expect((await screen.findByTestId('total-asset-value')).textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('total-asset-value-inr').textContent).toBe('≈ ₹8,805.00');
  });
});
