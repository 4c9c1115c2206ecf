import { describe, expect, it } from 'vitest';
import { isEvmAddress, sameAddress, toChecksumAddress } from './evm-address.js';

describe('toChecksumAddress', () => {
  it('matches the EIP-55 test vectors', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('refuses what is not an address', () => {
    expect(isEvmAddress('0x1234')).toBe(false);
    expect(() => toChecksumAddress('0x1234')).toThrow();
  });
});

describe('sameAddress', () => {
  it('ignores case and never matches a missing address', () => {
    expect(
      sameAddress(
        '0xABCDEF0000000000000000000000000000000001',
        '0xabcdef0000000000000000000000000000000001',
      ),
    ).toBe(true);
    expect(sameAddress(null, null)).toBe(false);
  });
});
