import { describe, expect, it } from 'vitest';
import { units } from '../../testing/reviews.js';
import {
  alreadyCredited,
  classifyCredit,
  RECONCILE_NOTES as N,
  type CreditFacts,
} from './credit-rules.js';

const claim = { id: 'd1', userId: 'u1', amount: units('1500.5') };
const facts = (over: Partial<CreditFacts> = {}): CreditFacts => ({
  amount: units('1500.5'),
  claim,
  userId: 'u1',
  fromOwnAccount: true,
  uploaderId: 'admin',
  ...over,
});

describe('bank credit rules', () => {
  it('keeps a UTR credited already credited, naming a different amount', () => {
    const deposit = { userId: 'u1', amount: units('100') };
    expect(alreadyCredited('d1', deposit, units('100'))).toEqual({
      status: 'credited',
      userId: 'u1',
      depositId: 'd1',
      note: N.alreadyCredited,
    });
    expect(alreadyCredited('d1', deposit, units('90')).note).toBe(
      `${N.alreadyCredited} (credited ₹100, the bank received ₹90)`,
    );
    expect(alreadyCredited('d1', undefined, units('90'))).toMatchObject({ userId: null });
  });

  it('leaves a credit nobody claimed to an admin', () => {
    expect(classifyCredit(facts({ claim: null, userId: null, fromOwnAccount: false }))).toEqual({
      action: 'record',
      outcome: { status: 'unclaimed', userId: null, depositId: null, note: N.unclaimed },
    });
  });

  it('names the user whose reference the note carries, or flags a stranger’s payment for refund', () => {
    expect(classifyCredit(facts({ claim: null, userId: 'u2' }))).toEqual({
      action: 'record',
      outcome: { status: 'unclaimed', userId: 'u2', depositId: null, note: N.referenced },
    });
    expect(classifyCredit(facts({ claim: null, userId: 'u2', fromOwnAccount: false }))).toEqual({
      action: 'record',
      outcome: { status: 'refund_due', userId: 'u2', depositId: null, note: N.thirdParty },
    });
  });

  it('refuses a claim paid from someone else’s account, whatever the amount', () => {
    for (const amount of [units('1500.5'), units('1')])
      expect(classifyCredit(facts({ fromOwnAccount: false, amount }))).toEqual({
        action: 'reject',
        claim,
        outcome: { status: 'refund_due', userId: 'u1', depositId: 'd1', note: N.thirdParty },
      });
  });

  it('leaves a claim of another amount to an admin', () => {
    expect(classifyCredit(facts({ amount: units('1500') }))).toEqual({
      action: 'record',
      outcome: {
        status: 'amount_mismatch',
        userId: 'u1',
        depositId: 'd1',
        note: 'Claimed ₹1500.5, the bank received ₹1500',
      },
    });
  });

  it('never lets the uploader approve their own claim', () => {
    expect(classifyCredit(facts({ uploaderId: 'u1' }))).toEqual({
      action: 'record',
      outcome: { status: 'awaiting_approval', userId: 'u1', depositId: 'd1', note: N.ownClaim },
    });
  });

  it('approves a matching claim from the claimant’s own account', () => {
    expect(classifyCredit(facts())).toEqual({ action: 'approve', claim });
  });
});
