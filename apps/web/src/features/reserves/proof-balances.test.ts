import { describe, expect, it } from 'vitest';
import { heldIn } from './proof-balances';

describe('heldIn', () => {
  it("keeps only the coins with a balance above zero, in the proof's order", () => {
    const proof = {
      assets: ['BTC', 'ETH', 'USDT', 'SOL'],
      balances: ['1597400000000000', '0', '250000000000000000000', '0'],
    };
    expect(heldIn(proof)).toEqual([
      { asset: 'BTC', units: '1597400000000000' },
      { asset: 'USDT', units: '250000000000000000000' },
    ]);
  });

  it('is empty for a user who holds nothing, or a proof missing balances', () => {
    expect(heldIn({ assets: ['BTC', 'ETH'], balances: ['0', '0'] })).toEqual([]);
    expect(heldIn({ assets: ['BTC'], balances: [] })).toEqual([]);
  });
});
