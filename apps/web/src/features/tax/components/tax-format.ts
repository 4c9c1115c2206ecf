/** Rupees to the paisa, rounded down as the server's CSVs are: ₹2,637.36; rates as percentages. */
export { formatInr, formatRate } from '@/lib/format';
