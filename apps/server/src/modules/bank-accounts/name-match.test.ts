import { describe, expect, it } from 'vitest';
import { matchNames } from './name-match.js';

describe('matchNames (a bank’s holder name against the identity name, one-way)', () => {
  it.each([
    ['Rahul Sharma', 'RAHUL SHARMA', 'exact'],
    ['Mr. Rahul Sharma', 'Rahul Sharma', 'exact'],
    ['SHARMA RAHUL', 'Rahul Sharma', 'fuzzy'],
    ['RAHUL K SHARMA', 'Rahul Kumar Sharma', 'fuzzy'],
    ['Rahul Sharma', 'Rahul Kumar Sharma', 'fuzzy'],
    ['RAHUL SHARMAA', 'Rahul Sharma', 'fuzzy'],
    ['RAHUL SHARM', 'Rahul Sharma', 'fuzzy'],
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
    ['Rahul Sharma', ''],
    // Extra words are refused: the bank's name may leave words out, never add any (N4-H1).
    ['Amit Verma Sunita Devi', 'Amit Verma'],
    ['AMIT VERMA S DEVI', 'Amit Verma'],
    ['RAHUL K SHARMA', 'Rahul Sharma'],
    ['Rahul Kumar Sharma', 'Rahul Sharma'],
    ['SUNITA DEVI', 'Amit Verma'],
  ])('%s does not match %s', (holder, identity) => {
    expect(matchNames(holder, identity)).toBe('none');
  });

  it('is one-way: a shorter name matches a longer one, not the other way round', () => {
    expect(matchNames('Rahul Sharma', 'Rahul Kumar Sharma')).toBe('fuzzy');
    expect(matchNames('Rahul Kumar Sharma', 'Rahul Sharma')).toBe('none');
  });
});
