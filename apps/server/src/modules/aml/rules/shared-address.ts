import type { AmlHit } from './hit.js';

export interface SharedAddressSettings {
  /** Distinct accounts withdrawing to one address that fire the rule. */
  maxAccounts: number;
}

export const SHARED_ADDRESS_DEFAULTS: SharedAddressSettings = { maxAccounts: 3 };

/**
 * A withdrawal address linked to many accounts: one wallet collecting from several users (mule
 * accounts). `withdrawals` are every account's to `address` (any time).
 */
export function sharedAddress(
  address: string,
  withdrawals: readonly { userId: string }[],
  s: SharedAddressSettings,
): AmlHit | null {
  const users = [...new Set(withdrawals.map((w) => w.userId))].sort();
  if (users.length < s.maxAccounts) return null;
  return {
    rule: 'shared_withdrawal_address',
    risk: 'medium',
    userIds: users,
    summary: `${users.length} accounts withdraw to ${address}`,
    facts: { address, accounts: users.length },
  };
}
