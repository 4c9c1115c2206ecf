import { describe, expect, it } from 'vitest';
import { PASS_THROUGH_DEFAULTS as S, passThrough } from './pass-through.js';

const h = (hours: number) => new Date(Date.UTC(2027, 5, 1) + hours * 3_600_000);
const rs = (rupees: number) => BigInt(rupees) * 100n;

describe('passThrough', () => {
  const deposits = [{ at: h(0), value: rs(2_00_000) }];

  it('fires on ₹2 lakh in and ₹1.9 lakh out within 6 hours with ₹10,000 traded', () => {
    const hit = passThrough(
      {
        userId: 'u',
        withdrawal: { at: h(6), value: rs(1_90_000) },
        deposits,
        fills: [{ at: h(1), value: rs(10_000) }],
      },
      S,
    );
    expect(hit).toMatchObject({
      rule: 'pass_through',
      risk: 'high',
      userIds: ['u'],
      facts: { deposited: '200000.00', withdrawn: '190000.00', traded: '10000.00' },
    });
  });

  it('does not fire when the money was traded, withdrawn later, or small', () => {
    const out = { at: h(6), value: rs(1_90_000) };
    // ₹40,000 traded is 20% of the deposits: trading, not a conduit.
    expect(
      passThrough(
        { userId: 'u', withdrawal: out, deposits, fills: [{ at: h(2), value: rs(40_000) }] },
        S,
      ),
    ).toBeNull();
    expect(
      passThrough({ userId: 'u', withdrawal: { ...out, at: h(25) }, deposits, fills: [] }, S),
    ).toBeNull();
    expect(
      passThrough(
        { userId: 'u', withdrawal: { ...out, value: rs(1_50_000) }, deposits, fills: [] },
        S,
      ),
    ).toBeNull();
    const small = [{ at: h(0), value: rs(49_999) }];
    expect(
      passThrough(
        { userId: 'u', withdrawal: { at: h(1), value: rs(49_999) }, deposits: small, fills: [] },
        S,
      ),
    ).toBeNull();
  });

  it('counts only the trading within the window before the withdrawal', () => {
    // ₹40,000 traded two days earlier is not trading of this money.
    const fills = [{ at: h(-48), value: rs(40_000) }];
    expect(
      passThrough(
        { userId: 'u', withdrawal: { at: h(6), value: rs(1_90_000) }, deposits, fills },
        S,
      ),
    ).toMatchObject({ facts: { traded: '0.00' } });
  });
});
