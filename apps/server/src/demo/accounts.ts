import type { WalletType } from '@exchange/contracts';
import type { UserRole } from '@exchange/contracts';

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  /**
   * false: the account cannot log in (its password hash matches nothing). The others' passwords
   * are DEMO_PASSWORD or generated per data folder (credentials.ts), never written in the code.
   */
  canLogIn: boolean;
}

/** A person trying the exchange: verified, with funds in both wallets. Printed at start. */
export const DEMO_USER: DemoAccount = {
  email: 'demo@exchange.local',
  firstName: 'Demo',
  lastName: 'Trader',
  role: 'user',
  canLogIn: true,
};

/** An administrator for the admin console. Printed at start. */
export const DEMO_ADMIN: DemoAccount = {
  email: 'admin@exchange.local',
  firstName: 'Demo',
  lastName: 'Admin',
  role: 'admin',
  canLogIn: true,
};

/** Quotes every demo pair; an ordinary verified user with ordinary balances. */
export const MARKET_MAKER: DemoAccount = {
  email: 'market-maker@exchange.local',
  firstName: 'Market',
  lastName: 'Maker',
  role: 'user',
  canLogIn: false,
};

/** Trades against the books now and then, so prices move through real trades with fees. */
export const LIQUIDITY_TAKER: DemoAccount = {
  email: 'liquidity-taker@exchange.local',
  firstName: 'Liquidity',
  lastName: 'Taker',
  role: 'user',
  canLogIn: false,
};

export const DEMO_ACCOUNTS = [DEMO_USER, DEMO_ADMIN, MARKET_MAKER, LIQUIDITY_TAKER] as const;

/** A stored password hash no password verifies against (lib/passwords reads only `scrypt$…`). */
export const NO_LOGIN_HASH = 'disabled$demo-bot';

/** The demo user's starting funds: decimal amounts by token and wallet. */
export const DEMO_USER_FUNDS: Record<WalletType, Record<string, string>> = {
  spot: {
    USDT: '10000',
    BTC: '0.1',
    ETH: '2',
    BNB: '5',
    ADA: '4000',
    XRP: '1000',
    DOGE: '10000',
  },
  funding: { INR: '100000', USDT: '5000', BTC: '0.05', ETH: '1' },
};

/** Value in USDT of the market maker's and the taker's starting holdings of every coin. */
export const BOT_FUNDS_USD = { marketMaker: 250_000, taker: 50_000 } as const;
/** Their USDT: enough for every bid ladder several times over. */
export const BOT_QUOTE_USD = { marketMaker: 2_000_000, taker: 500_000 } as const;
