import type { AmlHit } from './hit.js';
import {
  type SharedAddressSettings,
  SHARED_ADDRESS_DEFAULTS,
} from '../../../config/aml-rule-settings.js';

export { type SharedAddressSettings, SHARED_ADDRESS_DEFAULTS };

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
