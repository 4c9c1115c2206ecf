import { z } from 'zod';

/**
 * How amounts other than rupees group their digits (issue 36): Indian, 1,00,000 (lakh and crore),
 * or international, 100,000. Rupee amounts are always grouped the Indian way.
 */
export const NUMBER_GROUPINGS = ['indian', 'international'] as const;
export type NumberGrouping = (typeof NUMBER_GROUPINGS)[number];

export const isNumberGrouping = (value: unknown): value is NumberGrouping =>
  typeof value === 'string' && (NUMBER_GROUPINGS as readonly string[]).includes(value);

/** `PUT /users/number-grouping`: the signed-in user's grouping for amounts and prices. */
export const numberGroupingRequestSchema = z.object({
  number_grouping: z.enum(NUMBER_GROUPINGS, {
    error: 'Choose Indian (1,00,000) or international (100,000) grouping',
  }),
});
export type NumberGroupingRequest = z.infer<typeof numberGroupingRequestSchema>;
