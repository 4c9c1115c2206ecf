import type { WalletGroup } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { applyBalances } from './api/get-wallets';
import {
  balancesFirst,
  coinAvailable,
  coinTotal,
  filterCoins,
  holdsRupees,
  pairOf,
  totalAssetValue,
  totalInRupees,
} from './wallet-math';

const token = (id: string) => ({ _id: id, name: id, symbol: id });
const group = (id: string, spot: [string, string], funding: [string, string]): WalletGroup => ({
  token_id: id,
  short_name: id,
  name: id,
  decimals: 8,
  networks: [],
  balances: [
    { wallet_type: 'spot', amount: spot[0], locked_balance: spot[1], token: token(id) },
    { wallet_type: 'funding', amount: funding[0], locked_balance: funding[1], token: token(id) },
  ],
});

describe('wallet figures (decision D19)', () => {
  const btc = group('BTC', ['0.5', '0.25'], ['1', '0']);
  const usdt = group('USDT', ['40', '10'], ['50', '10']);

  it('lists the coins held first, then the empty ones, each as listed (walk-3 D17)', () => {
    const ada = group('ADA', ['0', '0'], ['0', '0']);
    const eth = group('ETH', ['0', '0'], ['0', '0.5']);
    const order = balancesFirst([ada, btc, eth, usdt]).map((g) => g.short_name);
    expect(order).toEqual(['BTC', 'ETH', 'USDT', 'ADA']);
    // In one wallet, what that wallet holds: ETH holds only in funding.
    const spot = balancesFirst([ada, btc, eth, usdt], 'spot').map((g) => g.short_name);
    expect(spot).toEqual(['BTC', 'USDT', 'ADA', 'ETH']);
  });

  it('finds coins by symbol or name in any case, and hides the empty ones when asked (walk-3 D17)', () => {
    const ada = { ...group('ADA', ['0', '0'], ['0', '0']), name: 'Cardano' };
    const eth = group('ETH', ['0', '0'], ['0', '0.5']);
    const coins = [ada, btc, eth, usdt];
    const names = (list: WalletGroup[]) => list.map((g) => g.short_name);
    expect(names(filterCoins(coins, { search: '', hideZero: false }))).toEqual(names(coins));
    expect(names(filterCoins(coins, { search: ' card ', hideZero: false }))).toEqual(['ADA']);
    expect(names(filterCoins(coins, { search: 'Bt', hideZero: false }))).toEqual(['BTC']);
    expect(names(filterCoins(coins, { search: '', hideZero: true }))).toEqual([
      'BTC',
      'ETH',
      'USDT',
    ]);
    // In one wallet, what that wallet holds: ETH holds only in funding.
    expect(names(filterCoins(coins, { search: '', hideZero: true }, 'spot'))).toEqual([
      'BTC',
      'USDT',
    ]);
    expect(filterCoins(coins, { search: 'xyz', hideZero: false })).toEqual([]);
  });

  it('searches every coin even while zeros are hidden: a new user finds the coin to deposit', () => {
    const ada = { ...group('ADA', ['0', '0'], ['0', '0']), name: 'Cardano' };
    const names = (list: WalletGroup[]) => list.map((g) => g.short_name);
    expect(names(filterCoins([ada, btc], { search: '', hideZero: true }))).toEqual(['BTC']);
    expect(names(filterCoins([ada, btc], { search: 'card', hideZero: true }))).toEqual(['ADA']);
  });

  it('keeps the quote coins a user starts from (INR, USDT) listed while zeros are hidden', () => {
    const inr = group('INR', ['0', '0'], ['0', '0']);
    const usdt0 = group('USDT', ['0', '0'], ['0', '0']);
    const ada = group('ADA', ['0', '0'], ['0', '0']);
    const names = (list: WalletGroup[]) => list.map((g) => g.short_name);
    expect(names(filterCoins([inr, ada, usdt0], { search: '', hideZero: true }))).toEqual([
      'INR',
      'USDT',
    ]);
  });

  it('counts amount as available and amount + locked as the total', () => {
    expect(coinAvailable(btc)).toBe('1.5');
    expect(coinTotal(btc)).toBe('1.75');
    expect(coinTotal(usdt)).toBe('110');
  });

  it('values every coin at its USDT pair, USDT at 1, unknown prices at 0', () => {
    expect(totalAssetValue([btc, usdt], { BTC: '60000' })).toBe('105110');
    expect(totalAssetValue([btc, usdt], {})).toBe('110');
  });

  it('trades a coin against USDT, but not USDT itself', () => {
    expect(pairOf('BTC')).toBe('BTCUSDT');
    expect(pairOf('USDT')).toBeNull();
  });

  it('applies a balance_update to the cached groups', () => {
    const groups = [structuredClone(btc)];
    applyBalances(groups, [
      { wallet_type: 'funding', amount: '0.4', locked_balance: '0.6', token: token('BTC') },
      { wallet_type: 'spot', amount: '9', locked_balance: '0', token: token('ETH') },
    ]);
    expect(groups[0]?.balances[1]).toMatchObject({ amount: '0.4', locked_balance: '0.6' });
    expect(groups[0]?.balances[0]).toMatchObject({ amount: '0.5', locked_balance: '0.25' });
  });
});

describe('the wallet total in rupees (walk-4 W4-11)', () => {
  const inr = (amount: string) => group('INR', [amount, '0'], ['0', '0']);
  const usdt = group('USDT', ['10', '0'], ['0', '0']);
  const prices = { USDTINR: '88.05', INR: '0.011357183418', BTC: '90000' };

  it('counts rupees at face value, not through USDT and back', () => {
    expect(totalInRupees([inr('50000')], prices)).toBe('50000');
    expect(totalInRupees([inr('50000'), usdt], prices)).toBe('50880.5');
  });

  it('is unknown while another coin has value and the USDT/INR price is not in', () => {
    expect(totalInRupees([inr('100'), usdt], { INR: '0.0113' })).toBeNull();
    expect(totalInRupees([inr('100')], {})).toBe('100');
  });

  it('heads in rupees only for a user holding some', () => {
    expect(holdsRupees([inr('0.01'), usdt])).toBe(true);
    expect(holdsRupees([inr('0'), usdt])).toBe(false);
  });
});
