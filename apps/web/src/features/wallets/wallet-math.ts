import {
  INR,
  QUOTE_ASSET,
  QUOTE_COINS,
  type TokenNetwork,
  type WalletBalance,
  type WalletGroup,
  type WalletType,
} from '@exchange/contracts';
import { addAmounts, compareAmounts, multiplyAmounts } from '@/lib/amount';

export type WalletActionKind = 'deposit' | 'withdraw' | 'transfer';

/** A coin as the wallet dialogs need it. */
export interface WalletCoin {
  token_id: string;
  short_name: string;
  name: string;
  decimals: number;
  /** Where it can be deposited and withdrawn. */
  networks: TokenNetwork[];
}

/** What a row's action button asks the screen to open. */
export interface WalletAction {
  kind: WalletActionKind;
  coin: WalletCoin;
  wallet: WalletType;
}

export const coinOf = (g: WalletGroup): WalletCoin => ({
  token_id: g.token_id,
  short_name: g.short_name,
  name: g.name,
  decimals: g.decimals,
  networks: g.networks,
});

const ZERO = { amount: '0', locked_balance: '0' };

export const balanceIn = (g: WalletGroup, wallet: WalletType) =>
  g.balances.find((b) => b.wallet_type === wallet) ?? { ...ZERO, wallet_type: wallet };

/** Decision D19: `amount` is what is free; Total = amount + locked_balance. */
export const balanceTotal = (b: Pick<WalletBalance, 'amount' | 'locked_balance'>) =>
  addAmounts(b.amount, b.locked_balance);

export const coinTotal = (g: WalletGroup) => addAmounts(...g.balances.map(balanceTotal));
export const coinAvailable = (g: WalletGroup) => addAmounts(...g.balances.map((b) => b.amount));

/** USDT counts at 1; any other coin at its {coin}USDT price, unknown price counts as 0. */
export const priceOf = (coin: string, prices: Record<string, string>) =>
  coin === QUOTE_ASSET ? '1' : (prices[coin] ?? '0');

/** Spec section 9: price of {coin}USDT × (amount + locked_balance). */
export const coinValue = (g: WalletGroup, prices: Record<string, string>) =>
  multiplyAmounts(priceOf(g.short_name, prices), coinTotal(g));

export const totalAssetValue = (groups: WalletGroup[], prices: Record<string, string>) =>
  addAmounts(...groups.map((g) => coinValue(g, prices)));

/** Whether the user holds rupees: their wallet total is then headed in rupees (walk-4 W4-11). */
export const holdsRupees = (groups: readonly WalletGroup[]) =>
  groups.some((g) => g.short_name === INR && compareAmounts(coinTotal(g), '0') > 0);

/**
 * The wallet total in rupees (walk-4 W4-11): the rupees held at face value, not through USDT and
 * back, and every other coin at its USDT value × the USDT/INR price; null while a coin other than
 * the rupee has value and that price is unknown.
 */
export function totalInRupees(
  groups: readonly WalletGroup[],
  prices: Record<string, string>,
): string | null {
  const rupees = groups.filter((g) => g.short_name === INR).map(coinTotal);
  const others = totalAssetValue(
    groups.filter((g) => g.short_name !== INR),
    prices,
  );
  if (compareAmounts(others, '0') === 0) return addAmounts('0', ...rupees);
  const usdtInr = prices[`${QUOTE_ASSET}${INR}`];
  return usdtInr ? addAmounts(...rupees, multiplyAmounts(others, usdtInr)) : null;
}

/** The pair a coin trades in, or null for the quote coin itself. */
/**
 * Coins the user holds (in `wallet`, or in any) first, then the empty ones, each as listed
 * (walk-3 D17: 25 empty rows sorted A-Z hid USDT at row 23).
 */
export function balancesFirst(groups: readonly WalletGroup[], wallet?: WalletType): WalletGroup[] {
  const held = (g: WalletGroup) => holds(g, wallet);
  // The rupee first: an Indian user starts from rupees.
  const ordered = [
    ...groups.filter((g) => g.short_name === INR),
    ...groups.filter((g) => g.short_name !== INR),
  ];
  return [...ordered.filter(held), ...ordered.filter((g) => !held(g))];
}

/** Whether the coin has anything (available or locked) in `wallet`, or in any wallet. */
const holds = (g: WalletGroup, wallet?: WalletType) =>
  compareAmounts(wallet ? balanceTotal(balanceIn(g, wallet)) : coinTotal(g), '0') > 0;

export interface CoinFilter {
  /** Part of the coin's symbol or name, in any case; blank matches every coin. */
  search: string;
  /** Only the coins holding something (in `wallet`, or in any), unless a search is typed. */
  hideZero: boolean;
}

/**
 * The coins a wallet screen lists for its search and hide-zero switch (walk-3 D17). Hiding zeros
 * is on by default (review W4-18), so the coins a user starts from, the quote coins (INR, USDT),
 * stay listed with their Deposit, and a typed search looks through every coin: a new user must
 * still find the coin to deposit.
 */
export function filterCoins(
  groups: readonly WalletGroup[],
  { search, hideZero }: CoinFilter,
  wallet?: WalletType,
): WalletGroup[] {
  const text = search.trim().toLowerCase();
  return groups.filter(
    (g) =>
      (!text || g.short_name.toLowerCase().includes(text) || g.name.toLowerCase().includes(text)) &&
      (!hideZero || text !== '' || isQuoteCoin(g.short_name) || holds(g, wallet)),
  );
}

const isQuoteCoin = (coin: string) => (QUOTE_COINS as readonly string[]).includes(coin);

export const pairOf = (coin: string) =>
  coin === INR ? `${QUOTE_ASSET}${INR}` : coin === QUOTE_ASSET ? null : `${coin}${QUOTE_ASSET}`;
