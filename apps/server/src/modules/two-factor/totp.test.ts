import { describe, expect, it } from 'vitest';
import { secondsToNextCode } from './totp.js';

describe('secondsToNextCode', () => {
  const at = (seconds: number) => new Date(seconds * 1000);

  it('counts to the start of the step after the one used', () => {
    // Step 100 runs from 3000 s to 3029 s; its successor's code shows at 3030 s.
    expect(secondsToNextCode(100, at(3000))).toBe(30);
    expect(secondsToNextCode(100, at(3018))).toBe(12);
    expect(secondsToNextCode(100, at(3029.9))).toBe(1);
  });

  it('waits longer for a code used ahead of the clock, and never says 0', () => {
    expect(secondsToNextCode(101, at(3010))).toBe(50);
    expect(secondsToNextCode(99, at(3010))).toBe(1);
  });
});
