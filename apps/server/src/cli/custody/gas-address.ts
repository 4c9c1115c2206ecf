import fs from 'node:fs/promises';
import { HdSpendingKeys } from '../../chain/hd-keys.js';
import { forbidNetwork } from './no-network.js';

/** The gas address of the mnemonic (`<NETWORK>_GAS_ADDRESS`), printed offline. */
export async function printGasAddress(mnemonicFile: string): Promise<number> {
  forbidNetwork();
  const keys = await HdSpendingKeys.fromMnemonic(await fs.readFile(mnemonicFile, 'utf8'));
  console.log(keys.gas().address);
  keys.wipe();
  return 0;
}
