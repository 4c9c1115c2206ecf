import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { AmlHit } from './rules/hit.js';

/**
 * Opens a case for a hit unless one for the same rule and subject is still open or escalated
 * (the partial unique index); true when a new case was opened.
 */
export async function openCase(db: Db, hit: AmlHit, subject: string, now: Date): Promise<boolean> {
  const row = await db
    .insertInto('aml_cases')
    .values({
      rule: hit.rule,
      risk: hit.risk,
      subject,
      user_ids: JSON.stringify(hit.userIds),
      summary: hit.summary,
      facts: JSON.stringify(hit.facts),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['rule', 'subject']).where('status', '<>', 'closed').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The cases, newest first. */
export function caseList(db: Db) {
  return db.selectFrom('aml_cases').selectAll().orderBy('created_at', 'desc').execute();
}

export type CaseFilter = 'open' | 'escalated' | 'closed' | 'live' | 'all';

/** A page of cases, newest first: `live` is open and escalated ones. */
export async function casePage(
  db: Db,
  filter: CaseFilter,
  page: { page: number; pageSize: number },
) {
  let q = db.selectFrom('aml_cases');
  if (filter === 'live') q = q.where('status', '<>', 'closed');
  else if (filter !== 'all') q = q.where('status', '=', filter);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One case, locked for the change about to be made when `forUpdate`. */
export function caseById(db: Db, id: string, forUpdate = false) {
  const q = db.selectFrom('aml_cases').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
}

export type CaseRow = NonNullable<Awaited<ReturnType<typeof caseById>>>;

export async function updateCase(
  db: Db,
  id: string,
  change: {
    status?: 'open' | 'escalated' | 'closed';
    assignee_id?: string;
    close_approvals?: string;
    closed_reason?: string;
    updated_at: Date;
  },
): Promise<void> {
  await db.updateTable('aml_cases').set(change).where('id', '=', id).execute();
}

export async function addCaseEvent(
  db: Db,
  event: { case_id: string; kind: string; admin_id: string; text: string; created_at: Date },
): Promise<void> {
  await db.insertInto('aml_case_events').values(event).execute();
}

export function caseEvents(db: Db, caseId: string) {
  return db
    .selectFrom('aml_case_events')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function insertReport(
  db: Db,
  report: {
    case_id: string;
    file_name: string;
    content: string;
    sha256: string;
    filed_by: string;
    filed_at: Date;
  },
) {
  return db.insertInto('aml_reports').values(report).returning('id').executeTakeFirstOrThrow();
}

/** The reports filed from a case, without their files. */
export function reportsOf(db: Db, caseId: string) {
  return db
    .selectFrom('aml_reports')
    .select(['id', 'file_name', 'sha256', 'filed_by', 'filed_at'])
    .where('case_id', '=', caseId)
    .orderBy('filed_at')
    .execute();
}

export function reportById(db: Db, caseId: string, id: string) {
  return db
    .selectFrom('aml_reports')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The next report's batch number: one more than the reports filed so far. Called inside the
 * filing's transaction, which it first makes the only one numbering a report (a transaction lock,
 * released at its commit): two filed at the same moment, by one process or two, take 7 and 8.
 */
export async function nextBatchNumber(trx: Db): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtext('aml_reports.batch_number'))`.execute(trx);
  return (await reportCount(trx)) + 1;
}

/** How many reports were filed so far. */
export async function reportCount(db: Db): Promise<number> {
  const row = await db
    .selectFrom('aml_reports')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
