import { describe, expect, it } from 'vitest';
import { sameHolder, thirdPartyRemitter } from './third-party-remitter.js';

describe('thirdPartyRemitter', () => {
  it('takes the names banks write for the user as the user', () => {
    expect(sameHolder('SHARMA ASHA K', 'Asha Sharma')).toBe(true);
    expect(sameHolder('MRS. ASHA SHARMA', 'Asha Kumari Sharma')).toBe(true);
    expect(sameHolder('ASHA', 'Asha Sharma')).toBe(true);
  });

  it('fires on a deposit sent by someone else, not on one without a usable name', () => {
    const deposit = { userId: 'u', reference: 'UTR123456789012', remitter: 'RAVI VERMA' };
    expect(thirdPartyRemitter(deposit, 'Asha Sharma')).toMatchObject({
      rule: 'third_party_remitter',
      risk: 'high',
      facts: { remitter: 'RAVI VERMA', user_name: 'Asha Sharma' },
    });
    expect(thirdPartyRemitter({ ...deposit, remitter: 'ASHA SHARMA' }, 'Asha Sharma')).toBeNull();
    expect(thirdPartyRemitter({ ...deposit, remitter: null }, 'Asha Sharma')).toBeNull();
    // A title alone names nobody: it cannot be judged either.
    expect(thirdPartyRemitter({ ...deposit, remitter: 'MR.' }, 'Asha Sharma')).toBeNull();
  });

  it('judges a statement credit as the monitor gives it: a blank name is no name', () => {
    const credit = { userId: 'u', reference: '412399000001', remitter: '  ' };
    expect(thirdPartyRemitter(credit, 'Rahul Sharma')).toBeNull();
    expect(thirdPartyRemitter({ ...credit, remitter: 'SHARMA RAHUL' }, 'Rahul Sharma')).toBeNull();
  });
});
