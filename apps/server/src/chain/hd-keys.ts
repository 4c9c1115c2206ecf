import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { addressFromPublicKey } from './evm-address.js';

/** Deposit addresses: BIP-44 external chain (hd-wallet.ts derives their addresses from the xpub). */
const DEPOSIT_CHAIN = "m/44'/60'/0'/0";
/**
 * The gas address that pays ERC-20 deposit addresses' sweeps: child 0 of the BIP-44 change chain.
 * The server's xpub (of the external chain) cannot derive it, and the one mnemonic the offline
 * signer keeps spends both.
 */
const GAS_PATH = "m/44'/60'/0'/1/0";

export interface SpendingKey {
  address: string;
  /** 0x and 64 hex digits. */
  privateKey: string;
}

/**
 * The private keys of the deposit addresses and of the gas address, for the offline signer only:
 * the API server never imports this file (it holds the xpub). `wipe` zeroes the keys held.
 */
export class HdSpendingKeys {
  readonly #deposits: HDKey;
  readonly #gas: HDKey;

  private constructor(deposits: HDKey, gas: HDKey) {
    this.#deposits = deposits;
    this.#gas = gas;
  }

  static async fromMnemonic(mnemonic: string): Promise<HdSpendingKeys> {
    const words = mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
    if (!validateMnemonic(words, wordlist))
      throw new Error('The mnemonic is not a valid BIP-39 English mnemonic');
    const seed = await mnemonicToSeed(words);
    const master = HDKey.fromMasterSeed(seed);
    const keys = new HdSpendingKeys(master.derive(DEPOSIT_CHAIN), master.derive(GAS_PATH));
    master.wipePrivateData();
    seed.fill(0);
    return keys;
  }

  deposit(index: number): SpendingKey {
    return spendingKey(this.#deposits.deriveChild(index));
  }

  gas(): SpendingKey {
    return spendingKey(this.#gas);
  }

  wipe(): void {
    this.#deposits.wipePrivateData();
    this.#gas.wipePrivateData();
  }

  toString(): string {
    return '[HdSpendingKeys]';
  }

  toJSON(): string {
    return '[HdSpendingKeys]';
  }
}

function spendingKey(key: HDKey): SpendingKey {
  if (!key.privateKey || !key.publicKey) throw new Error('HD derivation produced no private key');
  const uncompressed = secp256k1.Point.fromBytes(key.publicKey).toBytes(false);
  return {
    address: addressFromPublicKey(uncompressed).toLowerCase(),
    privateKey: `0x${bytesToHex(key.privateKey)}`,
  };
}
