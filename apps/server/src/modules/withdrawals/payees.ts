import { bankOfIfsc, maskAccountNumber } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import type { WithdrawalRecord } from '../../core/records.js';

/** A bank account as a payout names it to its owner (W4-14): "HDFC Bank XXXX6789". */
export const payeeName = (account: { ifsc: string; account_number: string }) =>
  `${bankOfIfsc(account.ifsc)} ${maskAccountNumber(account.account_number)}`;

/**
 * The payee of each rupee withdrawal among `records` (their `address` is the bank account's id),
 * by that id; the user's own accounts only, removed ones too (a payout outlives its account).
 */
export async function payeesOf(
  db: Db,
  userId: string,
  records: readonly WithdrawalRecord[],
): Promise<Map<string, string>> {
  const ids = [...new Set(records.filter((w) => w.network === 'bank').map((w) => w.address))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('bank_accounts')
    .select(['id', 'ifsc', 'account_number'])
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, payeeName(row)]));
}
