import { matchNames } from '../bank-accounts/name-match.js';
import type { BankAccountRow } from '../bank-accounts/service.js';
import type { StatementCredit } from './statement-csv.js';

type Remitter = Pick<
  StatementCredit,
  'remitterName' | 'remitterAccount' | 'remitterIfsc' | 'remitterVpa'
>;

/**
 * The verified account of the user's a credit came from, or null (a third party's money, to be
 * refunded). The statement's strongest evidence decides:
 * - a full account number: that number must be a verified account's;
 * - a masked number (IMPS, last digits): the last digits and the holder's name must match;
 * - otherwise a UPI ID of one of the accounts, or the IFSC with the holder's name (UPI from an
 *   unregistered UPI ID, NEFT, which shows no account number).
 * Names compare by the same rule as the identity's (name-match.ts).
 */
export function ownAccountOf(accounts: BankAccountRow[], credit: Remitter): BankAccountRow | null {
  const named = (a: BankAccountRow) => matchNames(credit.remitterName, a.holder_name) !== 'none';
  const number = credit.remitterAccount?.replace(/\s/g, '') ?? '';
  const masked = /^[Xx*]+(\d{4,})$/.exec(number)?.[1];
  const vpa = credit.remitterVpa?.toLowerCase() ?? null;
  const found = (test: (a: BankAccountRow) => boolean) => accounts.find(test) ?? null;
  if (/^\d+$/.test(number)) return found((a) => a.account_number === number);
  if (masked !== undefined) return found((a) => a.account_number.endsWith(masked) && named(a));
  return found(
    (a) =>
      (vpa !== null && a.upi_id === vpa) ||
      (credit.remitterIfsc !== null && credit.remitterIfsc === a.ifsc && named(a)),
  );
}
