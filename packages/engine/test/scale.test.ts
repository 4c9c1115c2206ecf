import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromSteps, toSteps } from '../src/index.js';

describe('decimal ↔ steps', () => {
  it.each([
    ['100.25', '0.05', 2005],
    ['100.25', '0.01', 10025],
    ['0.00001', '0.00001', 1],
    ['12', '0.001', 12000],
    ['0', '0.01', 0],
    ['100.251', '0.01', null],
    ['100.03', '0.05', null],
    ['-1', '0.01', null],
    ['1e3', '0.01', null],
    ['1.', '0.01', null],
    ['99999999999999999', '1', null],
  ])('%s in steps of %s is %s', (decimal, step, steps) => {
    expect(toSteps(decimal, step)).toBe(steps);
  });

  it.each([
    [2005, '0.05', '100.25'],
    [1, '0.00001', '0.00001'],
    [12000, '0.001', '12'],
    [0, '0.01', '0'],
    [-5, '0.1', '-0.5'],
  ])('%s steps of %s read %s', (steps, step, decimal) => {
    expect(fromSteps(steps, step)).toBe(decimal);
  });

  it('round-trips every safe step count', () => {
    const step = fc.constantFrom('1', '0.1', '0.01', '0.05', '0.00001', '25', '0.00000001');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        step,
        (n, s) => toSteps(fromSteps(n, s), s) === n,
      ),
    );
  });
});
