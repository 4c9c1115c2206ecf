import type { Approval as ApprovalDto } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { Approval } from '../../core/records.js';
import type { ReviewRule } from './four-eyes.js';

/** What the console shows of a record's review: who approved, how many must, what it is worth. */
export function toReviewDto(
  approvals: Approval[],
  emails: ReadonlyMap<string, string>,
  review: ReviewRule,
) {
  return {
    approvals: approvals.map((a): ApprovalDto => ({
      admin: { _id: a.adminId, email: emails.get(a.adminId) ?? '' },
      at: a.at.toISOString(),
    })),
    approvals_required: review.required,
    value_usdt: review.valueUsdt === null ? null : formatAmount(review.valueUsdt),
  };
}
