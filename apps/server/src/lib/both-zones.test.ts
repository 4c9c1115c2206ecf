import { describe, expect, it } from 'vitest';
import { bothZones } from './both-zones.js';

describe('bothZones', () => {
  const at = new Date('2026-11-30T05:08:32Z');

  it('names the month in English for an English mail', () => {
    expect(bothZones(at)).toBe('30 Nov 2026, 10:38:32 IST (30 Nov 2026, 05:08:32 UTC)');
  });

  it('names the month in Hindi for a Hindi mail, with Latin digits', () => {
    const text = bothZones(at, 'hi');
    expect(text).toMatch(/^30 \p{Script=Devanagari}.* 2026, 10:38:32 IST \(30 /u);
    expect(text).not.toMatch(/Nov/);
  });
});
