import { groupDigitsAs, isNumberGrouping, type NumberGrouping } from '@exchange/contracts';
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

/** `groupDigitsAs` (contracts) in the grouping in force unless told another. */
export const groupDigits = (value: string, grouping: NumberGrouping = current): string =>
  groupDigitsAs(value, grouping);
