import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { spotBalanceApi } from '../api/get-spot-balance';
import { ORDER_FORM_MESSAGES as M, type PairRules } from '../order-form-model';
import type { Account } from './order-access';
import { OrderForm } from './order-form';

const rules: PairRules = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tick_size: '0.01',
  lot_size: '0.00001',
  min_notional: '5',
};

// The live balance stream needs a server; these tests read the cached balances only.
vi.mock('@/lib/socket', () => ({ listenWhileCached: () => Promise.resolve() }));

const balance = (coin: string, amount: string) =>
  spotBalanceApi.util.upsertQueryData('getSpotBalance', coin, {
    token_id: coin.toLowerCase(),
    short_name: coin,
    amount,
    locked_balance: '0',
  });

/** The form with both coins' balances cached first, so it never asks the (absent) server. */
const renderForm = (account: Account, fill = null, halted = false) =>
  renderWithApp(
    <OrderForm
      rules={rules}
      baseId="btc"
      quoteId="usdt"
      lastPrice="64000"
      halted={halted}
      account={account}
      fill={fill}
      onDeposit={vi.fn()}
    />,
    {
      seed: (store) => {
        void store.dispatch(balance('USDT', '100000'));
        void store.dispatch(balance('BTC', '10'));
      },
    },
  );

describe('OrderForm', () => {
  it('shows a visitor Log In and Sign Up in place of the order button', () => {
    renderForm('visitor');
    expect(screen.getByRole('heading', { name: 'Spot' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/crypto-signup');
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).not.toBeInTheDocument();
  });

  it('tells a user without approved identity that trading needs it (D18)', () => {
    renderForm('unverified');
    expect(screen.getByText(/Trading needs identity verification/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete Identity Verification' })).toHaveAttribute(
      'href',
      '/profile/kyc',
    );
  });

  it('tells a user whose identity request is filed that it is under review (walk-3 D9)', () => {
    renderForm('reviewing');
    expect(screen.getByRole('note')).toHaveTextContent(
      'Verification under review. Trading opens once your identity verification is approved.',
    );
    expect(screen.queryByText(/Complete Identity Verification/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy BTC' })).not.toBeInTheDocument();
  });

  it('checks price and amount before sending (D10) and totals to 2 decimals', async () => {
    const { user } = renderForm('verified');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText(M.priceRequired)).toBeInTheDocument();
    expect(screen.getByText(M.amountPositive)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Price (USDT)'), '64000.005');
    await user.type(screen.getByLabelText('Amount (BTC)'), '0.015');
    expect(screen.getByTestId('order-total')).toHaveTextContent('960.00 USDT');
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText(M.priceTick('0.01'))).toBeInTheDocument();
  });

  it('says so when the exchange does not answer an order, instead of doing nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderForm('verified');
    await user.type(screen.getByLabelText('Price (USDT)'), '64000');
    await user.type(screen.getByLabelText('Amount (BTC)'), '0.001');
    // No server behind the test's fetch: the request fails without an answer.
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText(M.unconfirmed)).toBeInTheDocument();
    error.mockRestore();
  });

  it('says a halted pair takes no orders and keeps the button disabled', () => {
    renderForm('verified', null, true);
    expect(screen.getByText(/^Trading is halted on BTCUSDT\./)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Buy BTC' })).toBeDisabled();
  });

  it('hides the price for a market order and switches sides', async () => {
    const { user } = renderForm('verified');
    await user.click(screen.getByRole('button', { name: 'Market' }));
    expect(screen.queryByLabelText('Price (USDT)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sell' }));
    expect(screen.getByRole('button', { name: 'Sell' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Sell BTC' })).toBeInTheDocument();
  });
});
