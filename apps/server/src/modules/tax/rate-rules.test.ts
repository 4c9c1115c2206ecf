import { describe, expect, it } from 'vitest';
import { units } from '../../testing/reviews.js';
import { rateChange, withinBand } from './rate-rules.js';

const bounds = { min: units('50'), max: units('150'), bandPercent: units('5') };

describe('withinBand', () => {
  it('holds up to the band on either side of the market price, not beyond', () => {
    expect(withinBand(units('92.4'), units('88'), units('5'))).toBe(true);
    expect(withinBand(units('83.6'), units('88'), units('5'))).toBe(true);
    expect(withinBand(units('92.41'), units('88'), units('5'))).toBe(false);
    expect(withinBand(units('83.59'), units('88'), units('5'))).toBe(false);
  });
});

describe('rateChange (review N4-H2)', () => {
  it('lets one admin set a rate close to the USDTINR market price', () => {
    expect(rateChange(units('90'), units('88'), bounds)).toBe('one_admin');
  });

  it('needs a second admin beyond the band, or with no market price to compare', () => {
    expect(rateChange(units('120'), units('88'), bounds)).toBe('two_admins');
    expect(rateChange(units('88'), null, bounds)).toBe('two_admins');
  });

  it('refuses any rate outside the hard bounds, whoever asks', () => {
    expect(rateChange(units('999999999'), units('88'), bounds)).toBe('out_of_bounds');
    expect(rateChange(units('49.99'), null, bounds)).toBe('out_of_bounds');
    // A market pushed far up does not carry the bound with it.
    expect(rateChange(units('151'), units('150'), bounds)).toBe('out_of_bounds');
  });
});
