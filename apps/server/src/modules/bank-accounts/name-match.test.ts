import { describe, expect, it } from 'vitest';
import { matchNames } from './name-match.js';

describe('matchNames (bank holder name against the identity name)', () => {
  it.each([
    ['Rahul Sharma', 'RAHUL SHARMA', 'exact'],
    ['Mr. Rahul Sharma', 'Rahul Sharma', 'exact'],
    ['SHARMA RAHUL', 'Rahul Sharma', 'fuzzy'],
    ['RAHUL K SHARMA', 'Rahul Kumar Sharma', 'fuzzy'],
    ['Rahul Sharma', 'Rahul Kumar Sharma', 'fuzzy'],
    ['RAHUL SHARMAA', 'Rahul Sharma', 'fuzzy'],
    ['Priya', 'Priya', 'exact'],
  ])('%s ~ %s → %s', (holder, identity, expected) => {
    expect(matchNames(holder, identity)).toBe(expected);
  });

  it.each([
    ['R SHARMA', 'Rahul Sharma'],
    ['Amit Sharma', 'Rahul Sharma'],
    ['Rahul Verma', 'Rahul Sharma'],
    ['SHARMA', 'Rahul Sharma'],
    ['Ram Shah', 'Rahul Sharma'],
    ['', 'Rahul Sharma'],
  ])('%s does not match %s', (holder, identity) => {
    expect(matchNames(holder, identity)).toBe('none');
  });
});
