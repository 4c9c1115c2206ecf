import {
  amountAllowsDecimals,
  amountCannotExceed,
  type ApiSuccess,
  belowWithdrawMinimum,
  TWO_FACTOR_MESSAGES,
  WALLET_MESSAGES as M,
  type WalletGroup,
} from '@exchange/contracts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/i18n/i18n';
import { renderWithApp } from '@/testing/render';
import { walletsApi } from '../api/get-wallets';
import { withdrawControlsApi } from '../api/withdraw-controls';
import { TransferForm } from './transfer-form';
import { WithdrawForm } from './withdraw-form';

// The live balance stream needs a server; these tests read the cached wallets only.
vi.mock('@/lib/socket', () => ({
  getSocket: () => Promise.resolve({ on: vi.fn(), off: vi.fn() }),
  listenWhileCached: () => Promise.resolve(),
}));

// Listed on two networks, with 6 decimals on Ethereum (as USDT is there).
const usdt = {
  token_id: 'usdt-id',
  short_name: 'USDT',
  name: 'Tether',
  decimals: 18,
  networks: [
    { network: 'ethereum' as const, decimals: 6, withdraw_fee: '0', withdraw_min: '0' },
    { network: 'bsc' as const, decimals: 18, withdraw_fee: '0', withdraw_min: '0' },
  ],
};
const ref = { _id: 'usdt-id', name: 'Tether', symbol: 'USDT' };
const groups: WalletGroup[] = [
  {
    ...usdt,
    balances: [
      { wallet_type: 'spot', amount: '5', locked_balance: '0', token: ref },
      { wallet_type: 'funding', amount: '123.123456789', locked_balance: '2', token: ref },
    ],
  },
];

/** `data` as the server's envelope answers it. */
const answered = <T,>(data: T): ApiSuccess<T> => ({
  success: true,
  status: 200,
  message: 'OK',
  data,
});

/**
 * The wallets, the daily limit and the address book in the cache before the form renders, so it
 * never asks the (absent) server.
 */
const renderWithWallets = (ui: React.ReactNode) =>
  renderWithApp(ui, {
    seed: (store) => {
      void store.dispatch(walletsApi.util.upsertQueryData('getWallets', undefined, groups));
      void store.dispatch(
        withdrawControlsApi.util.upsertQueryData(
          'getWithdrawLimits',
          undefined,
          answered({
            level: 'verified',
            daily_limit_usdt: '100000',
            used_usdt: '0',
            left_usdt: '100000',
          }),
        ),
      );
      void store.dispatch(
        withdrawControlsApi.util.upsertQueryData(
          'getAddressBook',
          undefined,
          answered({ whitelist: false, addresses: [] }),
        ),
      );
    },
  });

describe('TransferForm', () => {
  it('fills Max to 8 decimals of the source wallet and refuses more than is available', async () => {
    const { user } = renderWithWallets(
      <TransferForm coin={usdt} from="funding" onClose={vi.fn()} />,
    );
    expect(await screen.findByText('123.123456789 USDT')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(M.amountRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('123.12345678');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '200');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(amountCannotExceed('123.123456789'))).toBeInTheDocument();
  });

  it("refuses an amount finer than the coin's precision under the field, as the server would", async () => {
    const { user } = renderWithWallets(
      <TransferForm coin={{ ...usdt, decimals: 8 }} from="funding" onClose={vi.fn()} />,
    );
    await user.type(screen.getByLabelText('Amount'), '1.123456789');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(amountAllowsDecimals(8))).toBeInTheDocument();
  });
});

describe('WithdrawForm', () => {
  it("says the spec's messages, the remaining balance, and Insufficient balance", async () => {
    const { user } = renderWithWallets(
      <WithdrawForm coin={usdt} askCode={false} onClose={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    expect(await screen.findByText(M.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(M.amountRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Coin')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('Amount'), '23.123456789');
    expect(screen.getByText('Remaining after withdraw')).toBeInTheDocument();
    expect(screen.getByText('100 USDT')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '-5');
    // Not an amount: what remains is the whole balance, not more.
    expect(screen.getAllByText('123.123456789 USDT')).toHaveLength(2);
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '123.2');
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    expect(screen.queryByText('Remaining after withdraw')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Authenticator Code')).not.toBeInTheDocument();
  });

  it("starts on the coin's first network and fills Max to that network's precision (walk-3 D16)", async () => {
    const { user } = renderWithWallets(
      <WithdrawForm coin={usdt} askCode={false} onClose={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: 'Network' })).toHaveTextContent('Ethereum (ETH)');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    // 123.123456789 available; USDT has 6 decimals on Ethereum.
    expect(screen.getByLabelText('Amount')).toHaveValue('123.123456');
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    await user.click(await screen.findByRole('option', { name: 'Binance Smart Chain (BSC)' }));
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('123.12345678');
    expect(screen.queryByText(M.networkRequired)).not.toBeInTheDocument();
  });

  it('offers only the networks the coin is listed on, and their precision', async () => {
    const { user } = renderWithWallets(
      <WithdrawForm coin={usdt} askCode={false} onClose={vi.fn()} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Network' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Ethereum (ETH)',
      'Binance Smart Chain (BSC)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ethereum (ETH)' }));
    await user.type(screen.getByLabelText('Address'), `0x${'ab'.repeat(20)}`);
    await user.type(screen.getByLabelText('Amount'), '1.1234567');
    await user.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    expect(await screen.findByText(amountAllowsDecimals(6))).toBeInTheDocument();
  });

  it('asks for the authenticator code when the app is on, in its own words', async () => {
    const { user } = renderWithWallets(<WithdrawForm coin={usdt} askCode onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authenticator Code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();
  });

  it('shows the network fee, the minimum and what the address will receive, before submitting', async () => {
    const withFee = {
      ...usdt,
      networks: [
        { network: 'ethereum' as const, decimals: 6, withdraw_fee: '1.5', withdraw_min: '5' },
      ],
    };
    const { user } = renderWithWallets(
      <WithdrawForm coin={withFee} askCode={false} onClose={vi.fn()} />,
    );
    expect(screen.getByText('Network fee').nextSibling).toHaveTextContent('1.5 USDT');
    expect(screen.getByText('Minimum withdrawal').nextSibling).toHaveTextContent('5 USDT');
    expect(screen.getByText('You will receive').nextSibling).toHaveTextContent('0 USDT');
    await user.type(screen.getByLabelText('Amount'), '10.25');
    expect(screen.getByText('You will receive').nextSibling).toHaveTextContent('8.75 USDT');
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Address'), `0x${'ab'.repeat(20)}`);
    await user.type(screen.getByLabelText('Amount'), '4');
    await user.click(screen.getByRole('button', { name: 'Submit withdrawal' }));
    expect(await screen.findByText(belowWithdrawMinimum('5', 'USDT'))).toBeInTheDocument();
  });
});

describe('in Hindi', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it("says the transfer form's words and its messages in Hindi", async () => {
    await i18n.changeLanguage('hi');
    const { user } = renderWithWallets(
      <TransferForm coin={usdt} from="funding" onClose={vi.fn()} />,
    );
    expect(screen.getByRole('combobox', { name: 'किस वॉलेट से' })).toHaveTextContent('फ़ंडिंग');
    await user.click(screen.getByRole('button', { name: 'पुष्टि करें' }));
    expect(await screen.findByText('मात्रा ज़रूरी है')).toBeInTheDocument();
    await user.type(screen.getByLabelText('मात्रा'), '200');
    await user.click(screen.getByRole('button', { name: 'पुष्टि करें' }));
    expect(await screen.findByText('मात्रा 123.123456789 से ज़्यादा नहीं हो सकती')).toBeInTheDocument();
  });
});
