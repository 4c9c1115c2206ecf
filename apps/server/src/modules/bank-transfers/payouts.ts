import { PAYOUT_FILE_COLUMNS } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { toCsv } from '../../lib/csv.js';
import type { AdminActor } from '../../lib/request-auth.js';
import { recordAdminAction } from '../audit-trail/service.js';
import { findBankAccount } from '../bank-accounts/service.js';
import { findUserById } from '../users/service.js';
import { markBankPaid } from '../withdrawals/commands.js';

/** IMPS carries at most ₹5 lakh a payment; NEFT above. */
const IMPS_LIMIT = 500_000n * 10n ** 18n;

/** Ledger units as the bank's files write rupees: two decimals always ("1500.00"). */
const rupees = (units: bigint) => {
  const paise = units / 10n ** 16n;
  return `${paise / 100n}.${String(paise % 100n).padStart(2, '0')}`;
};

/** Rupee withdrawals approved in full and waiting for the bank: the payout file's rows. */
export function awaitingPayout(ctx: AppContext) {
  return [...ctx.core.state.pendingWithdrawals.values()]
    .filter((w) => w.network === 'bank' && w.status === 'processing')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * The bulk payout file for the bank's portal: every approved rupee withdrawal not yet paid, to the
 * verified account it names, with the withdrawal's id as the payment's reference (the bank's
 * report of the run pairs each UTR with it). The export is on the audit trail.
 */
export async function payoutFile(ctx: AppContext, admin: AdminActor): Promise<string> {
  const rows: string[][] = [];
  for (const w of awaitingPayout(ctx)) {
    const [account, user] = await Promise.all([
      findBankAccount(ctx.db, w.address),
      findUserById(ctx.db, w.userId),
    ]);
    if (!account) continue;
    rows.push([
      w.amount > IMPS_LIMIT ? 'NEFT' : 'IMPS',
      // The beneficiary name the bank returned (penny drop), else the one typed.
      account.bank_name ?? account.holder_name,
      account.account_number,
      account.ifsc,
      rupees(w.amount),
      w.id,
      user?.email ?? '',
    ]);
  }
  await recordAdminAction(ctx.db, {
    ...admin,
    action: 'withdrawal.payout_file',
    targetType: 'withdrawal',
    targetId: 'payout-file',
    userId: null,
    before: null,
    after: { payouts: rows.length, ids: rows.map((r) => r[5]) },
    createdAt: ctx.now(),
  });
  return toCsv(PAYOUT_FILE_COLUMNS, rows);
}

/** The bank paid a withdrawal of the file: it closes with the bank's UTR (the user is mailed). */
export function markPaid(ctx: AppContext, admin: AdminActor, id: string, utr: string) {
  return ctx.core.sequencer.submit(markBankPaid({ admin, id, utr: utr.toUpperCase() }));
}
