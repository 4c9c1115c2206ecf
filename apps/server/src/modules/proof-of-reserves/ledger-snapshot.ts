import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { auditLedger, type LedgerAudit } from '../audit/service.js';

/** Every user's holdings at one ledger position, with the audit of that same position. */
export interface LedgerSnapshot {
  audit: LedgerAudit;
  /** The newest ledger transaction included (ids are time-ordered); null on an empty ledger. */
  position: string | null;
  /** User id → token id → available + held, ledger units, every wallet together. */
  holdings: Map<string, Map<string, bigint>>;
}

/**
 * Reads the ledger once, in one repeatable-read transaction: the audit and the balances see the
 * same committed batches of the single writer (each batch commits whole), so the snapshot is of
 * one ledger position even while trading goes on.
 */
export function readLedgerSnapshot(db: Db): Promise<LedgerSnapshot> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const audit = await auditLedger(trx);
      const last = await trx
        .selectFrom('ledger_transactions')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const rows = await sql<{ user_id: string; token_id: string; held: string }>`
        select user_id, token_id, sum(available + locked)::text as held from accounts
        where user_id is not null group by user_id, token_id`.execute(trx);
      const holdings = new Map<string, Map<string, bigint>>();
      for (const r of rows.rows) {
        const held = BigInt(r.held);
        if (held === 0n) continue;
        const user = holdings.get(r.user_id) ?? new Map<string, bigint>();
        user.set(r.token_id, held);
        holdings.set(r.user_id, user);
      }
      return { audit, position: last?.id ?? null, holdings };
    });
}
