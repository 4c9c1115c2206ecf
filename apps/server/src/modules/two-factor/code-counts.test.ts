import { describe, expect, it } from 'vitest';
import { countChange, countOf } from './code-counts.js';

const at = new Date('2026-11-29T10:00:00Z');
const row = { failures: 2, locked_until: null, login_failures: 4, login_locked_until: at };

describe('second-factor code counts (review N-L5)', () => {
  it('keeps a signed-in step-up and a login from elsewhere apart, and counts nothing for the caller', () => {
    expect(countOf(row, 'in_session')).toEqual({ failures: 2, lockedUntil: null });
    expect(countOf(row, 'login_elsewhere')).toEqual({ failures: 4, lockedUntil: at });
    expect(countOf(row, 'by_caller')).toBeNull();
  });

  it("changes only the count's own columns", () => {
    expect(countChange('in_session', 0)).toEqual({ failures: 0 });
    expect(countChange('in_session', 0, at)).toEqual({ failures: 0, locked_until: at });
    expect(countChange('login_elsewhere', 3)).toEqual({ login_failures: 3 });
    expect(countChange('login_elsewhere', 0, at)).toEqual({
      login_failures: 0,
      login_locked_until: at,
    });
  });
});
