/** The limits on rupee claims (review 4, N4-L7): how many may wait, and for how long. */

const DAY_MS = 24 * 60 * 60 * 1000;

interface Claim {
  userId: string;
  network: string;
  createdAt: Date;
  approvals: readonly unknown[];
}

/** The user's rupee claims that wait for a statement line. */
export function waitingClaimsOf(pending: Iterable<Claim>, userId: string): number {
  let n = 0;
  for (const d of pending) if (d.network === 'bank' && d.userId === userId) n += 1;
  return n;
}

/** A user with `waiting` claims may make another while under `cap`. */
export const mayClaimAnother = (waiting: number, cap: number) => waiting < cap;

/**
 * A rupee claim no statement line matched within `days` days is refused, so a guessed or made-up
 * UTR does not hold the UTR (or the admin's queue) for ever. One that an admin approved already,
 * or that a statement line names (`heldByLine`: a second admin or an amount to settle), waits on.
 */
export function claimExpired(claim: Claim, now: Date, days: number, heldByLine: boolean): boolean {
  if (claim.network !== 'bank' || heldByLine || claim.approvals.length > 0) return false;
  return now.getTime() - claim.createdAt.getTime() > days * DAY_MS;
}
