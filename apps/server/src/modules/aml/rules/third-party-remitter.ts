import type { AmlHit } from './hit.js';

/** Words of a name that say nothing of who it is. */
const FILLER = new Set(['MR', 'MRS', 'MS', 'DR', 'SHRI', 'SMT', 'KUMARI', 'KUM', 'MISS']);

/** A name's words, upper case, without titles, punctuation or single initials. */
export function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !FILLER.has(w));
}

/**
 * Whether a bank's remitter name can be the user: every word of the shorter name is in the
 * longer (banks shorten and reorder names: "SHARMA ASHA K" is "Asha Sharma").
 */
export function sameHolder(remitter: string, user: string): boolean {
  const [a, b] = [nameWords(remitter), nameWords(user)];
  if (a.length === 0 || b.length === 0) return false;
  const [short, long] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  return short.every((w) => long.has(w));
}

/**
 * A rupee deposit from a third party's account: the remitter's name on the bank statement is
 * not the user's. A name the bank did not give cannot be judged and does not fire.
 */
export function thirdPartyRemitter(
  deposit: { userId: string; reference: string; remitter: string | null },
  userName: string,
): AmlHit | null {
  if (deposit.remitter === null || nameWords(deposit.remitter).length === 0) return null;
  if (sameHolder(deposit.remitter, userName)) return null;
  return {
    rule: 'third_party_remitter',
    risk: 'high',
    userIds: [deposit.userId],
    summary: `Rupee deposit ${deposit.reference} sent by ${deposit.remitter}, not ${userName}`,
    facts: { reference: deposit.reference, remitter: deposit.remitter, user_name: userName },
  };
}
