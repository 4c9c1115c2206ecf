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

/** The UTRs of `utrs` some statement already holds (as a credit, not as a repeat). */
export async function knownUtrs(db: Db, utrs: string[]): Promise<Set<string>> {
  if (utrs.length === 0) return new Set();
  const rows = await db
    .selectFrom('bank_credits')
    .select('utr')
    .where('utr', 'in', utrs)
    .where('status', '<>', 'duplicate')
    .execute();
  return new Set(rows.map((r) => r.utr));
}

export async function insertStatement(
  db: Db,
  statement: BankStatementRow,
  credits: BankCreditRow[],
): Promise<void> {
  await db.insertInto('bank_statements').values(statement).execute();
  for (let i = 0; i < credits.length; i += 500)
    await db
      .insertInto('bank_credits')
      .values(credits.slice(i, i + 500))
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
