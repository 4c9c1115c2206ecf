/**
 * Walk-4 W4-4: whether a withdrawal waits for its owner's emailed confirmation before it goes to
 * review. A user with no second factor (no authenticator app, no passkey) proves nothing beyond
 * the password when asking; asking to send coins to an address they have never withdrawn to, they
 * must also prove the mailbox: the mail's single-use link, within CONFIRM_LINK_MINUTES. An address
 * they withdrew to before (a withdrawal that went to review, or was paid) needs no new proof; a
 * second factor is proof enough (the request carries its code or the passkey's answer, or an API
 * key its creation required).
 */
export function needsEmailConfirmation(facts: {
  hasSecondFactor: boolean;
  withdrawnToBefore: boolean;
}): boolean {
  return !facts.hasSecondFactor && !facts.withdrawnToBefore;
}

/** The statuses of a withdrawal whose address its owner stood behind: confirmed, or paid. */
export const STOOD_BEHIND = ['pending', 'awaiting_signature', 'processing', 'approved'] as const;
