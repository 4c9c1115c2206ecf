import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function isEvmAddress(value: string): boolean {
  return ADDRESS.test(value);
}

/** Addresses compare case-insensitively: the mixed case of EIP-55 is only a checksum. */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return a != null && b != null && a.toLowerCase() === b.toLowerCase();
}

/** EIP-55 mixed-case checksum form of a 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  if (!isEvmAddress(address)) throw new Error('Not an EVM address');
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  const chars = [...lower].map((c, i) => (parseInt(hash.charAt(i), 16) >= 8 ? c.toUpperCase() : c));
  return `0x${chars.join('')}`;
}

/** The account address of an uncompressed secp256k1 public key (0x04 || x || y). */
export function addressFromPublicKey(uncompressed: Uint8Array): string {
  if (uncompressed.length !== 65 || uncompressed[0] !== 4) {
    throw new Error('Expected an uncompressed public key');
  }
  const digest = keccak_256(uncompressed.subarray(1));
  return toChecksumAddress(`0x${bytesToHex(digest.subarray(12))}`);
}
