import { describe, expect, it } from 'vitest';
import { gstConfig } from './gst-config.js';

describe('gstConfig', () => {
  it('defaults to 18% and a sample GSTIN outside production', () => {
    expect(gstConfig({}, false)).toEqual({ rate: '0.18', gstin: '29AAACE1234F1Z2', state: '29' });
    expect(gstConfig({}, true)).toEqual({ rate: '0.18', gstin: null, state: '29' });
  });

  it('takes the state from the GSTIN and refuses one that disagrees', () => {
    const env = { EXCHANGE_GSTIN: '27aapfu0939f1zv' };
    expect(gstConfig(env, true)).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: '27' });
    expect(() => gstConfig({ ...env, EXCHANGE_GST_STATE: '29' }, true)).toThrow(/not the state/);
  });

  it('refuses a GSTIN with a wrong check character, an unknown state and a bad rate', () => {
    expect(() => gstConfig({ EXCHANGE_GSTIN: '27AAPFU0939F1ZW' }, true)).toThrow(/check character/);
    expect(() => gstConfig({ EXCHANGE_GST_STATE: '99' }, true)).toThrow(/state code/);
    expect(() => gstConfig({ GST_RATE: '18' }, false)).toThrow(/GST_RATE/);
  });
});
