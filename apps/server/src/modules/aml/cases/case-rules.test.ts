import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.js';
import { closeStep, refuseCaseWork, refuseEscalation, type CaseState } from './case-rules.js';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return null;
};

const aCase = (over: Partial<CaseState> = {}): CaseState => ({
  risk: 'medium',
  status: 'open',
  userIds: ['u1'],
  closeApprovals: [],
  ...over,
});

describe('AML case rules', () => {
  it('closes a medium-risk case on one admin', () => {
    expect(closeStep(aCase(), 'a')).toBe('closed');
  });

  it('needs two different admins to close a high-risk case', () => {
    const high = aCase({ risk: 'high' });
    expect(closeStep(high, 'a')).toBe('approved');
    const once = aCase({ risk: 'high', closeApprovals: [{ adminId: 'a' }] });
    expect(codeOf(() => closeStep(once, 'a'))).toBe('SECOND_ADMIN_REQUIRED');
    expect(closeStep(once, 'b')).toBe('closed');
  });

  it('refuses work on a closed case and on a case about the admin', () => {
    expect(codeOf(() => refuseCaseWork(aCase({ status: 'closed' }), 'a'))).toBe('CONFLICT');
    expect(codeOf(() => closeStep(aCase({ userIds: ['x', 'a'] }), 'a'))).toBe('SELF_REVIEW');
    expect(codeOf(() => refuseCaseWork(aCase(), 'a'))).toBeNull();
  });

  it('escalates an open case once', () => {
    expect(codeOf(() => refuseEscalation(aCase(), 'a'))).toBeNull();
    expect(codeOf(() => refuseEscalation(aCase({ status: 'escalated' }), 'a'))).toBe('CONFLICT');
  });
});
