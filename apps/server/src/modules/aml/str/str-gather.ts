import { INR, QUOTE_ASSET } from '@exchange/contracts';
import type { AppContext } from '../../../context.js';
import { ledgerOne, parseAmount } from '../../../core/money.js';
import { identityVault } from '../../../lib/identity-vault.js';
import { depositHistory } from '../../deposits/service.js';
import { approvedPansOf } from '../../kyc/service.js';
import { findUserById } from '../../users/service.js';
import { withdrawalHistory } from '../../withdrawals/service.js';
import type { StrAccount, StrTransaction } from './finnet-str.js';

/** The most movements of each kind an STR lists per account (newest first). */
const MOVEMENTS = 500;

interface Moved {
  _id: string;
  network: string;
  amount: string;
  status: string;
  token: { symbol: string };
  created_at: string;
}

const twoPlaces = (units: bigint) => {
  const paise = units / 10n ** 16n;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
};

/**
 * A movement in FINnet's terms: rupees as they are; USDT valued in rupees at the USDT/INR
 * reference rate in force when the report is made (the remark says so); any other coin in its own
 * units, the coin as the currency.
 */
export function toStrTransaction(ctx: AppContext, m: Moved, side: 'C' | 'D'): StrTransaction {
  const units = parseAmount(m.amount) ?? 0n;
  const coin = m.token.symbol;
  const usdt = coin === QUOTE_ASSET;
  const rupees = coin === INR || usdt;
  const value = usdt ? (units * ctx.core.state.tax.usdtInr.rate) / ledgerOne : units;
  const what = side === 'C' ? 'deposit' : 'withdrawal';
  return {
    date: new Date(m.created_at),
    id: m._id,
    mode: m.network === 'bank' ? 'E' : 'Z',
    debitCredit: side,
    amount: rupees ? twoPlaces(value) : m.amount,
    currency: rupees ? 'INR' : coin,
    remarks: `${coin} ${what} ${m.network}${usdt ? ` ${m.amount} USDT at ref rate` : ''}`,
  };
}

const total = (ts: StrTransaction[]) => {
  const paise = ts
    .filter((t) => t.currency === 'INR')
    .reduce((sum, t) => sum + BigInt(t.amount.replace('.', '')), 0n);
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
};

/**
 * One account of the report: the user's profile, PAN (decrypted from the approved KYC for this
 * report only), and their credited deposits and approved or pending withdrawals.
 */
export async function strAccountOf(
  ctx: AppContext,
  userId: string,
  flags: { high: boolean; frozen: boolean },
): Promise<StrAccount> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new Error(`No user ${userId}`);
  const page = { page: 1, pageSize: MOVEMENTS };
  const [deposits, withdrawals, pans, vault] = await Promise.all([
    depositHistory(ctx, userId, page, 'confirmed'),
    withdrawalHistory(ctx, userId, page),
    approvedPansOf(ctx.db, [userId]),
    identityVault(ctx.config),
  ]);
  const sealed = pans.get(userId);
  const credits = deposits.data.map((d) => toStrTransaction(ctx, d, 'C'));
  const debits = withdrawals.data
    .filter((w) => !['rejected', 'cancelled'].includes(w.status))
    .map((w) => toStrTransaction(ctx, w, 'D'));
  return {
    number: user.id,
    holder: {
      name: `${user.firstName} ${user.lastName}`.trim(),
      customerId: user.id,
      email: user.email,
      mobile: user.phone ?? '',
      pan: sealed ? vault.decryptPan(sealed, userId) : '',
    },
    opened: user.createdAt,
    risk: flags.high ? 'H' : 'M',
    frozen: flags.frozen,
    creditTurnover: total(credits),
    debitTurnover: total(debits),
    transactions: [...credits, ...debits].sort((a, b) => a.date.getTime() - b.date.getTime()),
  };
}
