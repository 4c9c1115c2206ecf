import { compareAmounts } from '@/lib/amount';

/**
 * Why a rupee withdrawal of `amount` cannot be sent, known before sending (W4-15): more than the
 * funding wallet holds, or more than the day's limit leaves (`left`, once loaded); else null.
 */
export function overWithdrawable(
  amount: string,
  available: string,
  left: string | undefined,
): 'balance' | 'limit' | null {
  if (compareAmounts(amount, available) > 0) return 'balance';
  if (left !== undefined && compareAmounts(amount, left) > 0) return 'limit';
  return null;
}
