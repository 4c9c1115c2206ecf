import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';

/** A fresh account nobody else holds: its private key and its address (lower case). */
export function randomAccount(): { key: string; address: string } {
  const key = generatePrivateKey();
  return { key, address: privateKeyToAddress(key).toLowerCase() };
}
