import { describe, expect, it } from 'vitest';
import { NETWORK_INFO, requiredConfirmationsFor, rpcUrlFor } from './networks.js';

describe('networks', () => {
  it('knows each network native coin', () => {
    expect(
      [NETWORK_INFO.ethereum, NETWORK_INFO.bsc, NETWORK_INFO.polygon].map((n) => n.nativeSymbol),
    ).toEqual(['ETH', 'BNB', 'POL']);
  });

  it('reads RPC URLs per network; unset or blank means none', () => {
    const env = { ETHEREUM_RPC_URL: ' https://eth.example/key ', BSC_RPC_URL: '' };
    expect(rpcUrlFor(env, 'ethereum')).toBe('https://eth.example/key');
    expect(rpcUrlFor(env, 'bsc')).toBeNull();
    expect(rpcUrlFor(env, 'polygon')).toBeNull();
  });

  it('uses default confirmations unless overridden, and refuses a bad override', () => {
    expect(requiredConfirmationsFor({}, 'ethereum')).toBe(12);
    expect(requiredConfirmationsFor({}, 'bsc')).toBe(15);
    expect(requiredConfirmationsFor({}, 'polygon')).toBe(64);
    expect(requiredConfirmationsFor({ POLYGON_CONFIRMATIONS: '128' }, 'polygon')).toBe(128);
    for (const bad of ['0', '-3', '1.5', 'many']) {
      expect(() => requiredConfirmationsFor({ BSC_CONFIRMATIONS: bad }, 'bsc')).toThrow(
        'BSC_CONFIRMATIONS must be a positive integer',
      );
    }
  });
});
