import type {
  BankAccountStatus,
  BankCreditStatus,
  BankValidationStatus,
} from '@exchange/contracts';

type Units = string;

export interface BankAccountsTable {
  id: string;
  user_id: string;
  holder_name: string;
  account_number: string;
  ifsc: string;
  upi_id: string | null;
  status: BankAccountStatus;
  proof_file_id: string | null;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** The penny drop's answer (review N4-H1): the holder name the bank returned, and more. */
  bank_name: string | null;
  validation_status: BankValidationStatus | null;
  validation_ref: string | null;
  validated_at: Date | null;
  /** The holder name the PSP returned for `upi_id`: null while the UPI ID is unverified. */
  upi_name: string | null;
}

export interface BankReferencesTable {
  user_id: string;
  reference: string;
  created_at: Date;
}

export interface BankStatementsTable {
  id: string;
  admin_id: string;
  file_name: string;
  layout: string;
  sha256: string;
  credits: number;
  uploaded_at: Date;
}

export interface BankCreditsTable {
  id: string;
  statement_id: string;
  line_no: number;
  value_date: string;
  /** null: an unreadable line without one. */
  utr: string | null;
  /** null: an unreadable line without a usable amount. */
  amount: Units | null;
  remitter_name: string;
  remitter_account: string | null;
  remitter_ifsc: string | null;
  remitter_vpa: string | null;
  narration: string;
  status: BankCreditStatus;
  user_id: string | null;
  deposit_id: string | null;
  note: string | null;
  refund_utr: string | null;
  decided_by: string | null;
  /** The line as the file has it. */
  raw: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface RupeeTables {
  bank_accounts: BankAccountsTable;
  bank_references: BankReferencesTable;
  bank_statements: BankStatementsTable;
  bank_credits: BankCreditsTable;
}
