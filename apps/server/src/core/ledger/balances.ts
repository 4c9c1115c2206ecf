import type { WalletType } from '@exchange/contracts';

export type Bucket = 'available' | 'locked';

/**
 * One ledger account: a user's wallet of one token, or a system account (deposits in transit,
 * withdrawals paid out, fees). Its two buckets are the balance projection kept in memory by the
 * single writer and written to the database with every batch that touches it.
 */
export interface Account {
  id: string;
  userId: string | null;
  system: SystemAccount | null;
  tokenId: string;
  walletType: WalletType | null;
  available: bigint;
  locked: bigint;
  /** Has a row in the database: a batch updates it rather than inserting it. */
  stored: boolean;
}

/**
 * System accounts are the other side of every movement in or out of the exchange:
 * `deposits` goes negative by what users deposited, `withdrawals` positive by what was paid out,
 * `fees` collects trading fees less the GST they include, `gst` that GST (payable to the
 * government, `core/tax/gst.ts`), `tds` the tax deducted at source from what each side of a fill
 * receives (section 194S), held for the government, `rounding` the rupees' remainders below the
 * paisa moved out of balances made before the paisa rule (`core/paise.ts`).
 */
export type SystemAccount = 'deposits' | 'withdrawals' | 'fees' | 'tds' | 'gst' | 'rounding';

export const userAccountId = (userId: string, tokenId: string, wallet: WalletType) =>
  `u:${userId}:${tokenId}:${wallet}`;
export const systemAccountId = (system: SystemAccount, tokenId: string) => `s:${system}:${tokenId}`;

/** Every account the core knows, by id; accounts are created on first use. */
export class Accounts {
  private readonly byId = new Map<string, Account>();
  /**
   * Users' accounts found before, by user, token and wallet: every fill looks up four, and
   * building and hashing each one's long id was a share of an order's ledger time.
   */
  private readonly byUser = new Map<string, Map<string, Partial<Record<WalletType, Account>>>>();

  load(accounts: Iterable<Account>): void {
    this.byId.clear();
    this.byUser.clear();
    for (const a of accounts) this.byId.set(a.id, a);
  }

  all(): IterableIterator<Account> {
    return this.byId.values();
  }

  find(id: string): Account | undefined {
    return this.byId.get(id);
  }

  user(userId: string, tokenId: string, walletType: WalletType): Account {
    let tokens = this.byUser.get(userId);
    if (!tokens) this.byUser.set(userId, (tokens = new Map()));
    let wallets = tokens.get(tokenId);
    if (!wallets) tokens.set(tokenId, (wallets = {}));
    return (wallets[walletType] ??= this.byIdOrNew(userId, tokenId, walletType));
  }

  private byIdOrNew(userId: string, tokenId: string, walletType: WalletType): Account {
    const id = userAccountId(userId, tokenId, walletType);
    return this.byId.get(id) ?? this.create({ id, userId, system: null, tokenId, walletType });
  }

  system(system: SystemAccount, tokenId: string): Account {
    const id = systemAccountId(system, tokenId);
    return (
      this.byId.get(id) ?? this.create({ id, userId: null, system, tokenId, walletType: null })
    );
  }

  private create(fields: Omit<Account, 'available' | 'locked' | 'stored'>): Account {
    const account: Account = { ...fields, available: 0n, locked: 0n, stored: false };
    this.byId.set(account.id, account);
    return account;
  }
}

/** Only system accounts may go below zero: they stand for the world outside the exchange. */
export function mayGoNegative(account: Account): boolean {
  return account.system === 'deposits';
}
