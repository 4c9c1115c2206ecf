import { describe, expect, it } from 'vitest';
import { AlertIndex, type ActiveAlert } from './alert-index.js';

const alert = (id: string, direction: 'above' | 'below', price: bigint): ActiveAlert => ({
  id,
  userId: 'u',
  pairId: 'p',
  direction,
  price,
});

describe('AlertIndex', () => {
  it('fires the alerts a range crossed, each once, and keeps the rest', () => {
    const index = new AlertIndex();
    index.add(alert('a110', 'above', 110n));
    index.add(alert('a105', 'above', 105n));
    index.add(alert('a120', 'above', 120n));
    index.add(alert('b90', 'below', 90n));
    index.add(alert('b95', 'below', 95n));
    expect(index.crossed('p', 96n, 110n).map((a) => a.id)).toEqual(['a105', 'a110']);
    expect(index.crossed('p', 96n, 110n)).toEqual([]);
    expect(index.crossed('p', 95n, 100n).map((a) => a.id)).toEqual(['b95']);
    expect(index.crossed('other', 1n, 1000n)).toEqual([]);
    expect(index.size).toBe(2);
  });

  it('forgets a removed alert', () => {
    const index = new AlertIndex();
    index.add(alert('a', 'above', 100n));
    expect(index.remove('a')?.id).toBe('a');
    expect(index.crossed('p', 0n, 200n)).toEqual([]);
    expect(index.size).toBe(0);
  });
});
