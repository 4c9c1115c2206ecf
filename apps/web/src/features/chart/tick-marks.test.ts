import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { tickMarkLabel } from './tick-marks';

/** lightweight-charts' own default label (`defaultTickMarkFormatter`), for comparison. */
function libraryDefault(seconds: number, markType: number, locale: string): string {
  const options: Intl.DateTimeFormatOptions[] = [
    { year: 'numeric' },
    { month: 'short' },
    { day: 'numeric' },
    { hour12: false, hour: '2-digit', minute: '2-digit' },
    { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
  ];
  const date = new Date(seconds * 1000);
  const localFromUtc = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return localFromUtc.toLocaleString(locale, options[markType]);
}

// 28 Nov 2026 14:05:09 UTC, a new year's midnight, and a bar just before midnight.
const TIMES = [1_795_874_709, 1_798_761_600, 1_795_910_340] as UTCTimestamp[];

describe('time axis labels', () => {
  it('are the UTC time in the chart locale, for each kind of mark', () => {
    const t = TIMES[0]!;
    expect([0, 1, 2, 3, 4].map((type) => tickMarkLabel(t, type, 'en-US'))).toEqual([
      '2026',
      'Nov',
      '28',
      '14:05',
      '14:05:09',
    ]);
    expect(tickMarkLabel(t, 1, 'hi-IN')).toBe('नव॰');
    expect(tickMarkLabel(TIMES[1]!, 3, 'en-US')).toBe('00:00');
  });

  it("read as the library writes them by default in the app's languages", () => {
    for (const locale of ['en-US', 'en-IN', 'hi-IN'])
      for (const t of TIMES)
        for (const type of [0, 1, 2, 3, 4])
          // But for the hour after midnight, which `hour12: false` writes as 24.
          expect(tickMarkLabel(t, type, locale)).toBe(
            libraryDefault(t, type, locale).replace(/^24:/, '00:'),
          );
  });

  it('leave business days and unknown marks to the library', () => {
    expect(tickMarkLabel('2026-11-28', 2, 'en-US')).toBeNull();
    expect(tickMarkLabel({ year: 2026, month: 11, day: 28 }, 2, 'en-US')).toBeNull();
    expect(tickMarkLabel(TIMES[0]!, 9, 'en-US')).toBeNull();
  });
});
