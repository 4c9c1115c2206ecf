import { isNumberGrouping, type NumberGrouping } from '@exchange/contracts';
import { useSyncExternalStore } from 'react';

export type { NumberGrouping };

/**
 * How amounts and prices other than rupees group their digits (issue 36): Indian 1,00,000 or
 * international 100,000. The choice is remembered in this browser (and saved on a signed-in
 * user's account by `features/auth/hooks/use-number-grouping.ts`). Until one is made it is
 * Indian, in English as in Hindi (en-IN style): this is an exchange for Indian users.
 */
export const DEFAULT_NUMBER_GROUPING: NumberGrouping = 'indian';
export const NUMBER_GROUPING_STORAGE_KEY = 'numberGrouping';

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

function saved(): NumberGrouping {
  const value = storage()?.getItem(NUMBER_GROUPING_STORAGE_KEY);
  return isNumberGrouping(value) ? value : DEFAULT_NUMBER_GROUPING;
}

let current: NumberGrouping = saved();
const listeners = new Set<() => void>();

/** The grouping in force now (read by the formatters in ./amount and ./format). */
export const numberGrouping = (): NumberGrouping => current;

/** Switches the grouping, remembers it in this browser and re-renders what shows amounts. */
export function setNumberGrouping(next: NumberGrouping): void {
  storage()?.setItem(NUMBER_GROUPING_STORAGE_KEY, next);
  if (next === current) return;
  current = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The grouping in force, re-rendering the caller when it changes. */
export const useNumberGrouping = () => useSyncExternalStore(subscribe, numberGrouping);

/**
 * Separators on the whole part of a plain decimal string, exact (never through a float): Indian
 * puts the last three digits, then pairs (12,34,56,789.5); international threes (123,456,789.5).
 * Anything not a plain decimal comes back as it was.
 */
export function groupDigits(value: string, grouping: NumberGrouping = current): string {
  const match = /^([-+]?)(\d+)(\.\d*)?$/.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '', fraction = ''] = match;
  return `${sign}${grouping === 'indian' ? indianGroups(whole) : threes(whole)}${fraction}`;
}

const threes = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, ',');

function indianGroups(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}
