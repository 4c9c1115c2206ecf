import { NEW_ADDRESS_LOCK_HOURS } from '@exchange/contracts';
import { said, type Said } from '../../lib/messages.js';

const LOCK_MS = NEW_ADDRESS_LOCK_HOURS * 3_600_000;

/** When a saved address becomes usable while the whitelist is on. */
export const usableAt = (saved: { createdAt: Date }) =>
  new Date(saved.createdAt.getTime() + LOCK_MS);

/**
 * Why a withdrawal to an address is refused, or null: with the whitelist off, never; with it on,
 * when the address is not saved for the network, or was saved less than NEW_ADDRESS_LOCK_HOURS
 * before `now` (a thief with a session cannot save an address and withdraw to it at once).
 */
export function unlistedAddressRefusal(
  whitelist: boolean,
  saved: { createdAt: Date } | undefined,
  now: Date,
): Said | null {
  if (!whitelist) return null;
  if (!saved) return said('notWhitelisted');
  const from = usableAt(saved);
  return from > now ? said('addressLockedUntil', from) : null;
}
