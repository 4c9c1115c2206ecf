import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { decodeTransferCall, TRANSFER_TOPIC } from './transfers.js';

describe('ERC-20 decoding', () => {
  it('uses the Transfer event topic', () => {
    const topic = bytesToHex(
      keccak_256(new TextEncoder().encode('Transfer(address,address,uint256)')),
    );
    expect(TRANSFER_TOPIC).toBe(`0x${topic}`);
  });

  it('reads a transfer(to, amount) call', () => {
    const input = `0xa9059cbb${'0'.repeat(24)}${'ab'.repeat(20)}${1000n.toString(16).padStart(64, '0')}`;
    expect(decodeTransferCall(input)).toEqual({ to: `0x${'ab'.repeat(20)}`, units: 1000n });
    expect(decodeTransferCall('0x')).toBeNull();
    expect(decodeTransferCall(input.replace('a9059cbb', '095ea7b3'))).toBeNull();
  });
});
