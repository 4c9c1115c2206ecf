import { z } from 'zod';

/**
 * How amounts other than rupees group their digits (issue 36): Indian, 1,00,000 (lakh and crore),
 * or international, 100,000. Rupee amounts are always grouped the Indian way.
 */
export const NUMBER_GROUPINGS = ['indian', 'international'] as const;
export type NumberGrouping = (typeof NUMBER_GROUPINGS)[number];

export const isNumberGrouping = (value: unknown): value is NumberGrouping =>
  typeof value === 'string' && (NUMBER_GROUPINGS as readonly string[]).includes(value);

/**
 * Separators on the whole part of a plain decimal string, exact (never through a float): Indian
 * puts the last three digits, then pairs (12,34,56,789.5); international threes (123,456,789.5).
 * Anything not a plain decimal comes back as it was. The web app's amounts and the mails' both.
 */
export function groupDigitsAs(value: string, grouping: NumberGrouping): string {
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

/** `PUT /users/number-grouping`: the signed-in user's grouping for amounts and prices. */
export const numberGroupingRequestSchema = z.object({
  number_grouping: z.enum(NUMBER_GROUPINGS, {
    error: 'Choose Indian (1,00,000) or international (100,000) grouping',
  }),
});
export type NumberGroupingRequest = z.infer<typeof numberGroupingRequestSchema>;
