import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * zxcvbn's list of the most used passwords (about 49,000, from leaked password sets), lower-case:
 * what a guesser tries first, and what the composition rule of decision D1 lets through with a
 * capital and a digit ("Password123"). Loaded once, on first use (about 0.1 s).
 */
let common: ReadonlySet<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common']));

/** Digit and symbol look-alikes people put in words ("p@ssw0rd"). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/**
 * Whether `password` is a common password or one dressed up: compared lower-case, as it is, with
 * the digits and symbols around it stripped ("Welcome2024!" is "welcome"), and with look-alikes
 * read back as letters ("P@ssw0rd1" is "password"). A base of fewer than 4 letters is not looked up
 * (every short word is on the list). Review L5 (ASVS V6.2): check new passwords against a breached
 * list; a local one, as nothing may call out from here.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const readBack = lower.replace(/[013457@$!]/g, (c) => LOOKALIKES[c] ?? c);
  const readBackStripped = readBack.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const list = commonPasswords();
  if (list.has(lower)) return true;
  return [stripped, readBack, readBackStripped].some((base) => base.length >= 4 && list.has(base));
}
