/**
 * Which module owns each table: only that module's files query it (its `repository.ts` and the
 * few files beside it); another module asks the owner's `service.ts`. The core's persistence
 * (`core/`) writes the tables of the records it keeps in memory, whoever owns them.
 * `test/table-owners.test.ts` reads every module's queries and fails on a table of another
 * module, and on a table of `Database` (`schema*.ts`) that no module (nor `OUTSIDE_MODULES`) owns.
 */
export const TABLE_OWNERS = {
  'address-book': ['withdrawal_addresses'],
  aml: ['aml_cases', 'aml_case_events', 'aml_reports'],
  'api-key-store': ['api_keys'],
  audit: ['ledger_audits'],
  'audit-trail': ['admin_actions'],
  auth: ['password_reset_tokens'],
  'bank-accounts': ['bank_accounts'],
  'bank-transfers': ['bank_credits', 'bank_statements', 'bank_references', 'payout_batches'],
  binance: ['listen_keys'],
  challenges: ['auth_challenges'],
  custody: ['custody_movements'],
  deposits: ['deposits', 'deposit_addresses', 'deposit_scan_cursors'],
  files: ['stored_files', 'upload_attempts'],
  idempotency: ['idempotency_keys'],
  kyc: ['kyc_requests'],
  listings: ['pairs', 'tokens', 'token_networks'],
  'login-history': ['login_attempts'],
  market: ['candles', 'favorites'],
  orders: ['orders', 'trades'],
  otp: ['one_time_codes', 'otp_requests'],
  passkeys: ['passkeys'],
  'price-alerts': ['price_alerts', 'notifications'],
  'proof-of-reserves': ['reserve_snapshots', 'reserve_snapshot_leaves'],
  sessions: ['sessions'],
  tax: [
    'tds_deductions',
    'usdt_inr_rates',
    'usdt_inr_rate_proposals',
    'user_gst_states',
    'gst_invoice_series',
    'gst_invoices',
  ],
  'two-factor': ['two_factor', 'recovery_codes'],
  users: ['users'],
  'withdrawal-pause': ['withdrawal_freezes'],
  wallets: ['accounts', 'ledger_entries', 'ledger_transactions'],
  withdrawals: [
    'withdrawals',
    'withdrawal_cancel_links',
    'withdrawal_confirm_links',
    'signer_signatures',
  ],
} as const satisfies Record<string, readonly string[]>;

/** Tables no module owns: the data folder's key check (`secret-guards.ts`). */
export const OUTSIDE_MODULES = ['key_checks'];

/**
 * Tables any module may join (never select from, insert into, update or delete from): the user
 * directory, for the email or name shown beside a module's own rows.
 */
export const JOINABLE = ['users'];

/** The module owning `table`, or undefined. */
export function ownerOf(table: string): string | undefined {
  return Object.entries(TABLE_OWNERS).find(([, tables]) =>
    (tables as readonly string[]).includes(table),
  )?.[0];
}
