import { describe, expect, it } from 'vitest';
import { hdfcRemitter, nameAndVpa } from './hdfc-narration.js';

const UTR = '412345678901';

describe('hdfcRemitter', () => {
  it('reads a UPI narration', () => {
    expect(
      hdfcRemitter(`UPI-RAHUL SHARMA-rahul@okhdfcbank-HDFC0001234-${UTR}-EXPAYMENT`, `0000${UTR}`),
    ).toEqual({
      utr: UTR,
      name: 'RAHUL SHARMA',
      vpa: 'rahul@okhdfcbank',
      ifsc: 'HDFC0001234',
      account: null,
    });
  });

  it('reads hyphens in a UPI payer’s VPA, name and note (N4-M5)', () => {
    expect(hdfcRemitter(`UPI-ANYONE-any-one@okaxis-UTIB0000001-${UTR}-hi`, `0000${UTR}`)).toEqual({
      utr: UTR,
      name: 'ANYONE',
      vpa: 'any-one@okaxis',
      ifsc: 'UTIB0000001',
      account: null,
    });
    expect(
      hdfcRemitter(`UPI-MARY-ANN D-mary-ann.d@okicici-ICIC0000001-${UTR}-rent-nov-2026`, ''),
    ).toMatchObject({ utr: UTR, name: 'MARY-ANN D', vpa: 'mary-ann.d@okicici' });
  });

  it('takes the UPI UTR the reference column names when the note mimics the fixed fields', () => {
    const narration = `UPI-X-xy@okaxis-UTIB0000001-${UTR}-UTIB0000001-999999999999`;
    expect(hdfcRemitter(narration, `0000${UTR}`)).toMatchObject({ utr: UTR, vpa: 'xy@okaxis' });
    // Without a reference column there are two candidates: no UTR, the line is left to an admin.
    expect(hdfcRemitter(narration, '').utr).toBeNull();
    // The narration and the reference column disagree: no UTR.
    expect(
      hdfcRemitter(`UPI-X-xy@okaxis-UTIB0000001-${UTR}-hi`, '0000999999999999').utr,
    ).toBeNull();
  });

  it('reads an IMPS narration, a hyphenated name included', () => {
    expect(hdfcRemitter(`IMPS-${UTR}-RAVI KUMAR-HDFC-XXXXXXXX1234-deposit`, `0000${UTR}`)).toEqual({
      utr: UTR,
      name: 'RAVI KUMAR',
      vpa: null,
      ifsc: null,
      account: 'XXXXXXXX1234',
    });
    expect(hdfcRemitter(`IMPS-${UTR}-MARY-ANN-SBIN-XXXX5678-a-b`, '')).toMatchObject({
      name: 'MARY-ANN',
      account: 'XXXX5678',
    });
    expect(hdfcRemitter('IMPS-12345-RAVI', '').utr).toBeNull();
  });

  it('reads a NEFT narration from the right', () => {
    expect(hdfcRemitter('NEFT CR-SBIN0001234-RAVI KUMAR-rent-SBINN52026112912345', 'x')).toEqual({
      utr: 'SBINN52026112912345',
      name: 'RAVI KUMAR',
      vpa: null,
      ifsc: 'SBIN0001234',
      account: null,
    });
    expect(hdfcRemitter('NEFT CR-SBIN0001234-MARY-ANN-rent-SBINN52026112912345', '').name).toBe(
      'MARY-ANN',
    );
  });

  it('falls back on the reference column, normalised', () => {
    expect(hdfcRemitter('CASH DEPOSIT', `0000${UTR}`).utr).toBe(UTR);
    expect(hdfcRemitter('CASH DEPOSIT', 'N123').utr).toBeNull();
  });
});

describe('nameAndVpa', () => {
  it('splits a name from a VPA written in lower case', () => {
    expect(nameAndVpa(['MARY', 'ANN', 'mary', 'ann@okaxis'])).toEqual({
      name: 'MARY-ANN',
      vpa: 'mary-ann@okaxis',
    });
  });

  it('leaves a piece for the name when the bank upper-cases the VPA', () => {
    expect(nameAndVpa(['ANYONE', 'ANY', 'ONE@OKAXIS'])).toEqual({
      name: 'ANYONE',
      vpa: 'any-one@okaxis',
    });
  });

  it('has no VPA without an @, or with one that is not a VPA', () => {
    expect(nameAndVpa(['RAVI KUMAR'])).toEqual({ name: 'RAVI KUMAR', vpa: null });
    expect(nameAndVpa(['X', 'a@'])).toEqual({ name: 'X', vpa: null });
  });
});
