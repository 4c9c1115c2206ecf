import type { Transaction } from 'kysely';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { adminActionToRow, depositToRow, withdrawalToRow } from './record-rows.js';
import { IDEMPOTENCY_TTL_MS } from './idempotency.js';
import { hotPathStatement } from './persist-hot.js';
import type { UnitOfWork } from './unit-of-work.js';
import { writeListings } from './persist-listings.js';

type Tx = Transaction<Database>;

/** The hot path statement's name: its text is the same for every batch. */
const HOT_PATH = 'hot-path';

/** PostgreSQL accepts at most 65,535 parameters per statement; rows go in chunks well below. */
const CHUNK = 1000;

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/**
 * Writes a batch's effects atomically. The hot path (balances, ledger, orders, trades, candles)
 * is one statement; deposits, withdrawals, admin actions, listings, account locks and the answers
 * of calls sent with an idempotency key, when the batch has any, join it in one transaction.
 */
export async function persistWork(database: DatabaseHandle, work: UnitOfWork): Promise<void> {
  const hot = hotPathStatement(work);
  if (!work.hasRecords) await database.runPrepared(HOT_PATH, hot.compile(database.db));
  else
    await database.writerDb.transaction().execute(async (trx) => {
      await hot.execute(trx);
      await writeRecords(trx, work);
    });
  // Their rows exist now: later batches update them.
  for (const account of work.accounts) account.stored = true;
}

async function writeRecords(trx: Tx, work: UnitOfWork): Promise<void> {
  await writeListings(trx, work);
  const deposits = [...work.deposits.values()].map(depositToRow);
  for (const chunk of chunks(deposits)) {
    await trx
      .insertInto('deposits')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          reason: eb.ref('excluded.reason'),
          log_index: eb.ref('excluded.log_index'),
          approvals: eb.ref('excluded.approvals'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const withdrawals = [...work.withdrawals.values()].map(withdrawalToRow);
  for (const chunk of chunks(withdrawals)) {
    await trx
      .insertInto('withdrawals')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          tx_hash: eb.ref('excluded.tx_hash'),
          reason: eb.ref('excluded.reason'),
          approvals: eb.ref('excluded.approvals'),
          payout: eb.ref('excluded.payout'),
          payout_batch_id: eb.ref('excluded.payout_batch_id'),
          payout_sent_at: eb.ref('excluded.payout_sent_at'),
          payout_return: eb.ref('excluded.payout_return'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  for (const [userId, lock] of work.accountLocks)
    await trx
      .updateTable('users')
      .set({ locked_at: lock.lockedAt, lock_reason: lock.reason, updated_at: work.now })
      .where('id', '=', userId)
      .execute();
  const answers = [...work.answers.values()].map((a) => ({
    user_id: a.userId,
    key: a.key,
    fingerprint: a.fingerprint,
    status: a.status,
    body: a.body,
    created_at: a.createdAt,
  }));
  // A key used again after 24 hours names a new call: its row is replaced.
  const expired = new Date(work.now.getTime() - IDEMPOTENCY_TTL_MS);
  for (const chunk of chunks(answers))
    await trx
      .insertInto('idempotency_keys')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            status: eb.ref('excluded.status'),
            body: eb.ref('excluded.body'),
            created_at: eb.ref('excluded.created_at'),
          }))
          .where('idempotency_keys.created_at', '<', expired),
      )
      .execute();
  const actions = work.adminActions.map(adminActionToRow);
  for (const chunk of chunks(actions))
    await trx.insertInto('admin_actions').values(chunk).execute();
}
