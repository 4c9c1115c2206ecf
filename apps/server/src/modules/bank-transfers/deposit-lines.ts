import type { Db } from '../../db/connect.js';
import { RECONCILE_NOTES } from './reconcile.js';
import { creditAwaitingLine, linesOfDeposits } from './repository.js';

/**
 * What the deposits' review needs of the statement lines (review 4, N4-M4): a rupee claim is
 * confirmed by hand only as the second admin's approval of a statement line that matched it.
 */

/** The ids of `depositIds` a statement line matched and that wait for another admin. */
export async function awaitingSecondAdmin(db: Db, depositIds: string[]): Promise<Set<string>> {
  const lines = await linesOfDeposits(db, depositIds, ['awaiting_approval']);
  return new Set(lines.map((l) => l.deposit_id as string));
}

/** The ids of `depositIds` a statement line names, still open (waiting or an amount to settle). */
export async function heldByStatementLine(db: Db, depositIds: string[]): Promise<Set<string>> {
  const lines = await linesOfDeposits(db, depositIds, ['awaiting_approval', 'amount_mismatch']);
  return new Set(lines.map((l) => l.deposit_id as string));
}

/** The line that waited for a second admin reads credited once the deposit is. */
export const lineCredited = (db: Db, depositId: string, now: Date) =>
  creditAwaitingLine(db, depositId, RECONCILE_NOTES.credited, now);
