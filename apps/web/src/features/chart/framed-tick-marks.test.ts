import { describe, expect, it } from 'vitest';
import { fitsFrame } from './framed-tick-marks';

describe('fitsFrame', () => {
  it('keeps a label wholly on the axis, edges included', () => {
    expect(fitsFrame(22, 40, 300)).toBe(true);
    expect(fitsFrame(278, 40, 300)).toBe(true);
    expect(fitsFrame(150, 40, 300)).toBe(true);
  });

  it('leaves out a label cut at the left or the right edge', () => {
    expect(fitsFrame(5, 40, 300)).toBe(false);
    expect(fitsFrame(21.5, 40, 300)).toBe(false);
    expect(fitsFrame(279, 40, 300)).toBe(false);
    expect(fitsFrame(290, 40, 300)).toBe(false);
  });

  it('leaves out a label wider than the axis', () => {
    expect(fitsFrame(15, 40, 30)).toBe(false);
  });
});
