import {
  bankOfIfsc,
  maskAccountNumber,
  type AdminBankAccount,
  type BankAccount,
} from '@exchange/contracts';
import { matchNames } from './name-match.js';
import type { BankAccountRow } from './repository.js';

/** The user's view: the account number masked to its last four digits. */
export function toBankAccountDto(row: BankAccountRow, full = false): BankAccount {
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
    verified_at: row.status === 'verified' ? (row.reviewed_at?.toISOString() ?? null) : null,
  };
}

export function toAdminBankAccountDto(
  row: BankAccountRow & { email: string; first_name: string; last_name: string },
): AdminBankAccount {
  const identityName = `${row.first_name} ${row.last_name}`.trim();
  return {
    ...toBankAccountDto(row, true),
    user: { _id: row.user_id, email: row.email },
    identity_name: identityName,
    name_match: matchNames(row.holder_name, identityName),
    proof_file_id: row.proof_file_id,
  };
}
