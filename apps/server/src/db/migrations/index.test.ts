import fs from 'node:fs';
import { expect, it } from 'vitest';
import { migrations } from './index.js';

/**
 * Names that are sequence numbers dressed as times (01:60 to 01:79). Deployed databases record
 * them in their migration table, so they stay; no new name may join them.
 */
const GRANDFATHERED = [
  '20261124016000-review-approvals',
  '20261124016100-tds',
  '20261124016200-login-history',
  '20261124017000-two-factor',
  '20261124017900-account-locks-and-ledger-audits',
];

/** True when `stamp` (yyyymmddhhmmss) is a real UTC time. */
function isRealTime(stamp: string): boolean {
  const [y, mo, d, h, mi, s] = stamp
    .match(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/)!
    .slice(1)
    .map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

it('lists every migration file in the folder, in timestamp order', () => {
  const files = fs
    .readdirSync(import.meta.dirname)
    .filter((f) => /^\d{14}-[a-z0-9-]+\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  expect(Object.keys(migrations)).toEqual(files);
});

it('names each new migration after a real time (yyyymmddhhmmss, UTC)', () => {
  const notTimes = Object.keys(migrations).filter(
    (name) => !GRANDFATHERED.includes(name) && !isRealTime(name.slice(0, 14)),
  );
  expect(notTimes).toEqual([]);
  expect(isRealTime('20261124016000')).toBe(false);
  expect(isRealTime('20260230120000')).toBe(false);
  expect(isRealTime('20261126190500')).toBe(true);
});
