import type { BankCreditStatus } from '@exchange/contracts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import { paginate, type Page } from '../../db/paginate.js';
import type { BankCreditsTable, BankStatementsTable } from '../../db/schema-rupee.js';

export type BankCreditRow = Selectable<BankCreditsTable>;
export type BankStatementRow = Selectable<BankStatementsTable>;
export type BankCreditView = BankCreditRow & { email: string | null };

export async function statementBySha(db: Db, sha256: string) {
  return db
    .selectFrom('bank_statements')
    .select('id')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/**
 * Records a statement and its lines in one go, or nothing (null) when a statement with the same
 * sha256 is there already, even one another admin is recording at this moment (review 4, N4-L2).
 * A UTR is one credit: a readable line whose UTR another statement (or an earlier line) holds is
 * recorded as a repeat (`duplicate`, with `repeatNote`), however the uploads interleave. The ids of
 * the lines recorded as credits to decide.
 */
export async function insertStatement(
  db: Db,
  statement: BankStatementRow,
  credits: BankCreditRow[],
  repeatNote: string,
): Promise<Set<string> | null> {
  const kept = await db
    .insertInto('bank_statements')
    .values(statement)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!kept) return null;
  const fresh = new Set<string>();
  // In one order of UTRs, so that two uploads wait for each other rather than deadlock.
  const ordered = [...credits].sort((a, b) => ((a.utr ?? '') < (b.utr ?? '') ? -1 : 1));
  for (let i = 0; i < ordered.length; i += 500) {
    const batch = ordered.slice(i, i + 500);
    // The unique index on a credit's UTR turns a line another statement holds into nothing here.
    const inserted = await db
      .insertInto('bank_credits')
      .values(batch)
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .execute();
    for (const r of inserted) fresh.add(r.id);
    const repeats = batch
      .filter((c) => !fresh.has(c.id))
      .map((c) => ({ ...c, status: 'duplicate' as const, note: repeatNote }));
    if (repeats.length > 0) await db.insertInto('bank_credits').values(repeats).execute();
  }
  return new Set(
    credits.filter((c) => fresh.has(c.id) && c.status !== 'unreadable').map((c) => c.id),
  );
}

/** The lines that name one of `depositIds` and are in one of `statuses`. */
export function linesOfDeposits(db: Db, depositIds: string[], statuses: BankCreditStatus[]) {
  if (depositIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('bank_credits')
    .select(['id', 'deposit_id', 'status'])
    .where('deposit_id', 'in', depositIds)
    .where('status', 'in', statuses)
    .execute();
}

export async function updateCredit(
  db: Db,
  id: string,
  changes: Partial<BankCreditRow>,
  from?: BankCreditStatus[],
): Promise<BankCreditRow | undefined> {
  let query = db.updateTable('bank_credits').set(changes).where('id', '=', id);
  if (from) query = query.where('status', 'in', from);
  return query.returningAll().executeTakeFirst();
}

export function findCredit(db: Db, id: string): Promise<BankCreditRow | undefined> {
  return db.selectFrom('bank_credits').selectAll().where('id', '=', id).executeTakeFirst();
}

const creditView = (db: Db) =>
  db
    .selectFrom('bank_credits')
    .leftJoin('users', 'users.id', 'bank_credits.user_id')
    .selectAll('bank_credits')
    .select('users.email');

export function creditsOfStatement(db: Db, statementId: string): Promise<BankCreditView[]> {
  return creditView(db)
    .where('bank_credits.statement_id', '=', statementId)
    .orderBy('bank_credits.line_no')
    .execute();
}

export function creditQueue(db: Db, status: BankCreditStatus, page: Page) {
  return paginate(
    creditView(db)
      .where('bank_credits.status', '=', status)
      .orderBy('bank_credits.created_at')
      .orderBy('bank_credits.line_no'),
    page,
  );
}

export function statementPage(db: Db, page: Page) {
  return paginate(
    db
      .selectFrom('bank_statements')
      .innerJoin('users', 'users.id', 'bank_statements.admin_id')
      .selectAll('bank_statements')
      .select('users.email')
      .orderBy('bank_statements.uploaded_at', 'desc'),
    page,
  );
}

export function findStatement(db: Db, id: string) {
  return db
    .selectFrom('bank_statements')
    .innerJoin('users', 'users.id', 'bank_statements.admin_id')
    .selectAll('bank_statements')
    .select('users.email')
    .where('bank_statements.id', '=', id)
    .executeTakeFirst();
}

/** Credit lines by status for each of `ids`. */
export async function statusCounts(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, number>>();
  const rows = await db
    .selectFrom('bank_credits')
    .select(['statement_id', 'status', sql<string>`count(*)`.as('n')])
    .where('statement_id', 'in', ids)
    .groupBy(['statement_id', 'status'])
    .execute();
  const counts = new Map<string, Record<string, number>>();
  for (const r of rows)
    counts.set(r.statement_id, { ...counts.get(r.statement_id), [r.status]: Number(r.n) });
  return counts;
}

/** The line of `depositId` that waited for a second admin now reads credited. */
export async function creditAwaitingLine(db: Db, depositId: string, note: string, now: Date) {
  await db
    .updateTable('bank_credits')
    .set({ status: 'credited', note, updated_at: now })
    .where('deposit_id', '=', depositId)
    .where('status', '=', 'awaiting_approval')
    .execute();
}
