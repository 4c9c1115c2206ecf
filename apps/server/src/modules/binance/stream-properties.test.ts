import { describe, expect, it } from 'vitest';
import { propertyFrame } from './stream-properties.js';

describe('propertyFrame (SET_PROPERTY / GET_PROPERTY on the market streams)', () => {
  it('sets and reads `combined`, answering as Binance does', () => {
    expect(propertyFrame('SET_PROPERTY', ['combined', true], 5, false)).toEqual({
      answer: { result: null, id: 5 },
      combined: true,
    });
    expect(propertyFrame('GET_PROPERTY', ['combined'], 6, true)).toEqual({
      answer: { result: true, id: 6 },
      combined: true,
    });
    expect(propertyFrame('SET_PROPERTY', ['combined', false], 7, true).combined).toBe(false);
  });

  it('refuses another property, a value that is not a boolean and a missing name, changing nothing', () => {
    expect(propertyFrame('GET_PROPERTY', ['compressed'], 1, true)).toEqual({
      answer: { error: { code: 0, msg: 'Unknown property' }, id: 1 },
      combined: true,
    });
    expect(propertyFrame('SET_PROPERTY', ['combined', 'yes'], 2, false)).toEqual({
      answer: { error: { code: 1, msg: 'Invalid value type: expected Boolean' }, id: 2 },
      combined: false,
    });
    expect(propertyFrame('SET_PROPERTY', [], 3, false).answer).toEqual({
      error: { code: 2, msg: 'Invalid request: property name must be a string' },
      id: 3,
    });
    expect(propertyFrame('SET_PROPERTY', ['combined', true, 1], 4, false).combined).toBe(false);
  });
});
