import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { admin, underReview, units, workAt } from '../../testing/reviews.js';
import { addApproval, approvalsRequired, refuseApproval, refuseOwnRequest } from './four-eyes.js';

const THRESHOLD = units('1000');
const PLENTY = units('10000');

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return null;
};

describe('approvalsRequired', () => {
  it('needs one admin at or below the threshold, two above it', () => {
    expect(approvalsRequired(units('1000'), THRESHOLD, PLENTY)).toBe(1);
    expect(approvalsRequired(units('1000.000001'), THRESHOLD, PLENTY)).toBe(2);
  });

  it('needs two when the value is unknown: the rule does not fall open', () => {
    expect(approvalsRequired(null, THRESHOLD, PLENTY)).toBe(2);
  });

  it("needs two once the value exceeds what is left of the admin's daily cap", () => {
    expect(approvalsRequired(units('500'), THRESHOLD, units('500'))).toBe(1);
    expect(approvalsRequired(units('500'), THRESHOLD, units('499.99'))).toBe(2);
    expect(approvalsRequired(0n, THRESHOLD, 0n)).toBe(1);
  });
});

describe('refusals', () => {
  it("refuses an admin's own request and a second approval by the same admin", () => {
    expect(codeOf(() => refuseOwnRequest(underReview('a'), 'a', 'own'))).toBe('SELF_REVIEW');
    expect(codeOf(() => refuseApproval(underReview('u'), 'a', 'own'))).toBeNull();
    const approved = underReview('u', [{ ...admin('a'), at: new Date() }]);
    expect(codeOf(() => refuseApproval(approved, 'a', 'own'))).toBe('SECOND_ADMIN_REQUIRED');
    expect(codeOf(() => refuseApproval(approved, 'b', 'own'))).toBeNull();
  });
});

describe('addApproval', () => {
  it('completes at the required count and keeps the value of an approval made alone', () => {
    const work = workAt();
    const alone = underReview('u');
    expect(addApproval(work, alone, admin('a'), { required: 1, valueUsdt: 7n }, 'own')).toBe(true);
    expect(alone.approvals).toEqual([{ ...admin('a'), at: work.now, soloUsdt: 7n }]);

    const pair = underReview('u');
    const rule = { required: 2, valueUsdt: units('5000') };
    expect(addApproval(work, pair, admin('a'), rule, 'own')).toBe(false);
    expect(addApproval(work, pair, admin('b'), rule, 'own')).toBe(true);
    expect(pair.approvals.map((a) => [a.adminId, a.soloUsdt])).toEqual([
      ['a', undefined],
      ['b', undefined],
    ]);
  });

  it('changes nothing when refused, and is undone with the unit of work', () => {
    const work = workAt();
    const record = underReview('a');
    const mark = work.mark();
    expect(() =>
      addApproval(work, record, admin('a'), { required: 1, valueUsdt: 1n }, 'own'),
    ).toThrow(AppError);
    expect(record.approvals).toEqual([]);
    const other = underReview('u');
    addApproval(work, other, admin('a'), { required: 2, valueUsdt: null }, 'own');
    work.rollback(mark);
    expect(other.approvals).toEqual([]);
  });
});
