import { multiplyAmounts, truncateAmount, groupThousands } from '@/lib/amount';

/** Rupees to the paisa, rounded down as the server's CSVs are: ₹2,637.36. */
export const formatInr = (value: string) => `₹${groupThousands(truncateAmount(value, 2))}`;

/** A rate fraction as a percentage: "0.01" is "1%". */
export const formatRate = (rate: string) => `${multiplyAmounts(rate, '100')}%`;
