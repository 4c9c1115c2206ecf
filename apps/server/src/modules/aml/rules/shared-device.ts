import { DAY_MS, type AmlHit } from './hit.js';
import {
  type SharedDeviceSettings,
  SHARED_DEVICE_DEFAULTS,
} from '../../../config/aml-rule-settings.js';

export { type SharedDeviceSettings, SHARED_DEVICE_DEFAULTS };

/**
 * Many accounts from one device or IP address: one person running several accounts. `logins`
 * are the successful sign-ins from `origin` (an IP or a device id); `now` ends the window.
 */
export function sharedDevice(
  origin: string,
  logins: readonly { userId: string; at: Date }[],
  now: Date,
  s: SharedDeviceSettings,
): AmlHit | null {
  const since = now.getTime() - s.windowDays * DAY_MS;
  const users = [
    ...new Set(logins.filter((l) => l.at.getTime() >= since && l.at <= now).map((l) => l.userId)),
  ].sort();
  if (users.length < s.maxAccounts) return null;
  return {
    rule: 'shared_device',
    risk: 'medium',
    userIds: users,
    summary: `${users.length} accounts signed in from ${origin} in ${s.windowDays} days`,
    facts: { origin, accounts: users.length, window_days: s.windowDays },
  };
}
