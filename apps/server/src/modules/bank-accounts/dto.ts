import {
  bankOfIfsc,
  maskAccountNumber,
  type AdminBankAccount,
  type BankAccount,
} from '@exchange/contracts';
import { matchNames } from './name-match.js';
import type { BankAccountRow } from './repository.js';

/** When rupee withdrawals to a verified account open: `holdMs` after its verification. */
export function payoutsFrom(row: BankAccountRow, holdMs: number): Date | null {
  return row.status === 'verified' && row.reviewed_at
    ? new Date(row.reviewed_at.getTime() + holdMs)
    : null;
}

/**
 * The user's view: the account number masked to its last four digits; the bank's holder name only
 * once verified (an account in someone else's name never tells its typist whose it is).
 */
export function toBankAccountDto(row: BankAccountRow, holdMs: number, full = false): BankAccount {
  const verified = row.status === 'verified';
  return {
    _id: row.id,
    holder_name: row.holder_name,
    account_number: full ? row.account_number : maskAccountNumber(row.account_number),
    ifsc: row.ifsc,
    bank: bankOfIfsc(row.ifsc),
    upi_id: row.upi_id,
    status: row.status,
    reason: row.reason,
    created_at: row.created_at.toISOString(),
    verified_at: verified ? (row.reviewed_at?.toISOString() ?? null) : null,
    bank_name: verified || full ? row.bank_name : null,
    upi_verified: row.upi_id !== null && row.upi_name !== null,
    payouts_from: payoutsFrom(row, holdMs)?.toISOString() ?? null,
  };
}

/** How the name the bank returned matches the identity's; `unvalidated` before the bank answered. */
export const bankNameMatch = (row: BankAccountRow, identityName: string) =>
  row.bank_name === null ? 'unvalidated' : matchNames(row.bank_name, identityName);

export function toAdminBankAccountDto(
  row: BankAccountRow & { email: string; first_name: string; last_name: string },
  holdMs: number,
): AdminBankAccount {
  const identityName = `${row.first_name} ${row.last_name}`.trim();
  return {
    ...toBankAccountDto(row, holdMs, true),
    user: { _id: row.user_id, email: row.email },
    identity_name: identityName,
    name_match: bankNameMatch(row, identityName),
    proof_file_id: row.proof_file_id,
    validation_status: row.validation_status,
    validation_ref: row.validation_ref,
    validated_at: row.validated_at?.toISOString() ?? null,
    upi_name: row.upi_name,
  };
}
