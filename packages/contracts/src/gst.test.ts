import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckChar, gstinProblem, gstStateName } from './gst.js';

describe('GSTIN check character', () => {
  it('accepts published GSTINs', () => {
    // Examples from the GST portal's and tax publishers' pages.
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeNull();
    expect(gstinProblem('29AAGCB7383J1Z4')).toBeNull();
  });

  it('refuses a wrong check character, a wrong shape and an unknown state', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe('the check character is wrong');
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe("99 is no state's GST code");
  });

  it('catches every single-character change of a valid GSTIN in the check position', () => {
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')
      if (c !== 'V') expect(gstinProblem(`27AAPFU0939F1Z${c}`)).not.toBeNull();
  });
});

describe('GST states', () => {
  it('is one row per code, named in English and Hindi', () => {
    expect(new Set(GST_STATES.map((s) => s[0])).size).toBe(GST_STATES.length);
    expect(GST_STATES).toHaveLength(36);
    expect(gstStateName('29')).toBe('Karnataka');
    expect(gstStateName('27', 'hi')).toBe('महाराष्ट्र');
    expect(gstStateName('25')).toBeNull();
  });
});
