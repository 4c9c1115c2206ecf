import { bankOfIfsc } from '@exchange/contracts';
import { matchNames } from '../bank-accounts/name-match.js';
import type { BankAccountRow } from '../bank-accounts/service.js';
import type { StatementCredit } from './statement-csv.js';

type Remitter = Pick<
  StatementCredit,
  'remitterName' | 'remitterAccount' | 'remitterIfsc' | 'remitterVpa'
> & { narration?: string | undefined };

/**
 * The remitter's bank as the credit shows it: the IFSC's first four letters, else the bank of an
 * HDFC IMPS narration (`IMPS-<UTR>-<name>-<bank>-<masked account>-<note>`), a code ("PUNB") or a
 * name ("STATE BANK OF INDIA"); null when the credit does not say.
 */
export function remitterBankOf(credit: Remitter): string | null {
  const ifsc = credit.remitterIfsc?.toUpperCase() ?? '';
  if (/^[A-Z]{4}/.test(ifsc)) return ifsc.slice(0, 4);
  const parts = (credit.narration ?? '').split('-').map((p) => p.trim().toUpperCase());
  if (parts[0] === 'IMPS' && parts.length >= 5 && parts[3]) return parts[3];
  return null;
}

/** Whether the credit's bank (remitterBankOf) is the account's bank. */
function sameBank(bank: string | null, account: BankAccountRow): boolean {
  if (bank === null) return false;
  const code = account.ifsc.slice(0, 4);
  return bank === code || bank === bankOfIfsc(account.ifsc).toUpperCase();
}

/**
 * The verified account of the user's a credit came from, or null (a third party's money, to be
 * refunded). Review N4-H1: the payer's name must always be the account's holder name as the BANK
 * returned it (`bank_name`, the penny drop; name-match.ts, one-way: the statement may leave words
 * of it out, never add any), and the statement's strongest evidence must agree besides:
 * - a full account number: that account's number, at its bank (the IFSC's or the narration's);
 * - a masked number (IMPS, last digits): those last digits, at its bank; digits alone never do;
 * - otherwise a UPI ID the PSP verified for the account (the payer's name may be the PSP's name
 *   for it, which matched the identity too), or
 *   the account's IFSC exactly (NEFT; UPI from another UPI ID of the same account).
 * A UPI ID the user typed and nobody verified decides nothing; an account without the bank's
 * name (verified before penny drops) matches nothing.
 */
export function ownAccountOf(accounts: BankAccountRow[], credit: Remitter): BankAccountRow | null {
  const named = (name: string | null) =>
    name !== null && matchNames(credit.remitterName, name) !== 'none';
  const holder = (a: BankAccountRow) => named(a.bank_name);
  const number = credit.remitterAccount?.replace(/\s/g, '') ?? '';
  const masked = /^[Xx*]+(\d{4,})$/.exec(number)?.[1];
  const bank = remitterBankOf(credit);
  const vpa = credit.remitterVpa?.toLowerCase() ?? null;
  const found = (test: (a: BankAccountRow) => boolean) =>
    accounts.find((a) => a.status === 'verified' && test(a)) ?? null;
  if (/^\d+$/.test(number))
    return found((a) => a.account_number === number && sameBank(bank, a) && holder(a));
  if (masked !== undefined)
    return found((a) => a.account_number.endsWith(masked) && sameBank(bank, a) && holder(a));
  if (number !== '') return null;
  return found(
    (a) =>
      (vpa !== null &&
        a.upi_id === vpa &&
        a.upi_name !== null &&
        (holder(a) || named(a.upi_name))) ||
      (credit.remitterIfsc !== null && credit.remitterIfsc.toUpperCase() === a.ifsc && holder(a)),
  );
}
