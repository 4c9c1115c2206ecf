import { multiplyAmounts } from '@/lib/amount';

/** Rupees to the paisa, rounded down as the server's CSVs are: ₹2,637.36. */
export { formatInr } from '@/lib/format';

/** A rate fraction as a percentage: "0.01" is "1%". */
export const formatRate = (rate: string) => `${multiplyAmounts(rate, '100')}%`;
