import { randomInt } from 'node:crypto';
import type { Db } from '../../db/connect.js';

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A reference as it appears in a payment's note: EX and ten characters. */
export const REFERENCE_PATTERN = /\bEX[A-HJ-NP-Z2-9]{10}\b/;

const newReference = () =>
  `EX${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

/** The user's payment reference, made on first use and the same ever after. */
export async function referenceOf(db: Db, userId: string, now: Date): Promise<string> {
  const found = await db
    .selectFrom('bank_references')
    .select('reference')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (found) return found.reference;
  await db
    .insertInto('bank_references')
    .values({ user_id: userId, reference: newReference(), created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return referenceOf(db, userId, now);
}

/** Whose reference a narration carries, if any. */
export async function userOfNarration(db: Db, narration: string): Promise<string | null> {
  const reference = REFERENCE_PATTERN.exec(narration.toUpperCase())?.[0];
  if (!reference) return null;
  const row = await db
    .selectFrom('bank_references')
    .select('user_id')
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row?.user_id ?? null;
}
