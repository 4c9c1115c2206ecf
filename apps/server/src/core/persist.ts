import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { depositToRow, withdrawalToRow } from './record-rows.js';
import { candleRows, orderToRow, tradeToRow } from './trading/trading-rows.js';
import type { UnitOfWork } from './unit-of-work.js';

type Tx = Transaction<Database>;

/** PostgreSQL accepts at most 65,535 parameters per statement; rows go in chunks well below. */
const CHUNK = 1000;

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}

/** Writes a batch's effects in one transaction: ledger, balance projection and records. */
export async function persistWork(db: Db, work: UnitOfWork): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeAccounts(trx, work);
    await writeLedger(trx, work);
    await writeRecords(trx, work);
    await writeTrading(trx, work);
  });
}

async function writeAccounts(trx: Tx, work: UnitOfWork): Promise<void> {
  const rows = [...work.accounts].map((a) => ({
    id: a.id,
    user_id: a.userId,
    system: a.system,
    token_id: a.tokenId,
    wallet_type: a.walletType,
    available: a.available.toString(),
    locked: a.locked.toString(),
    updated_at: work.now,
  }));
  for (const chunk of chunks(rows)) {
    await trx
      .insertInto('accounts')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          available: eb.ref('excluded.available'),
          locked: eb.ref('excluded.locked'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

async function writeLedger(trx: Tx, work: UnitOfWork): Promise<void> {
  const transactions = work.ledger.map((t) => ({
    id: t.id,
    kind: t.kind,
    reference: t.reference,
    created_at: t.createdAt,
  }));
  const entries = work.ledger.flatMap((t) =>
    t.postings
      .filter((p) => p.amount !== 0n)
      .map((p) => ({
        transaction_id: t.id,
        account_id: p.account.id,
        bucket: p.bucket,
        token_id: p.account.tokenId,
        amount: p.amount.toString(),
      })),
  );
  for (const chunk of chunks(transactions))
    await trx.insertInto('ledger_transactions').values(chunk).execute();
  for (const chunk of chunks(entries))
    await trx.insertInto('ledger_entries').values(chunk).execute();
}

async function writeRecords(trx: Tx, work: UnitOfWork): Promise<void> {
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
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const actions = work.adminActions.map((a) => ({
    id: a.id,
    admin_id: a.adminId,
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    detail: JSON.stringify(a.detail),
    created_at: a.createdAt,
  }));
  for (const chunk of chunks(actions))
    await trx.insertInto('admin_actions').values(chunk).execute();
}

async function writeTrading(trx: Tx, work: UnitOfWork): Promise<void> {
  const orders = [...work.orders.values()].map(orderToRow);
  for (const chunk of chunks(orders)) {
    await trx
      .insertInto('orders')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          filled: eb.ref('excluded.filled'),
          quote_filled: eb.ref('excluded.quote_filled'),
          fee: eb.ref('excluded.fee'),
          held: eb.ref('excluded.held'),
          status: eb.ref('excluded.status'),
          cancel_reason: eb.ref('excluded.cancel_reason'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  for (const chunk of chunks(work.trades.map(tradeToRow)))
    await trx.insertInto('trades').values(chunk).execute();
  // A minute already on disk keeps its open; the rest merges with what the batch adds.
  for (const chunk of chunks(candleRows(work.trades))) {
    await trx
      .insertInto('candles')
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(['pair_id', 'bucket']).doUpdateSet((eb) => ({
          high: sql<string>`greatest(candles.high, excluded.high)`,
          low: sql<string>`least(candles.low, excluded.low)`,
          close: eb.ref('excluded.close'),
          volume: sql<string>`candles.volume + excluded.volume`,
          quote_volume: sql<string>`candles.quote_volume + excluded.quote_volume`,
        })),
      )
      .execute();
  }
}
