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
