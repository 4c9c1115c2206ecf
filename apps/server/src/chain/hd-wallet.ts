import path from 'node:path';
import { inspect } from 'node:util';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeed, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { loadOrCreateSecretFile } from '../lib/secrets.js';
import { addressFromPublicKey } from './evm-address.js';
import { isEvmNetwork, type EvmNetwork } from './networks.js';

/**
 * BIP-44 external chain for coin type 60. Every EVM network shares it, so a user's deposit
 * address is the same on ethereum, bsc and polygon: that is what wallets (MetaMask, Ledger) do
 * for these chains, and a user who sends on the wrong EVM network still pays a key the exchange
 * holds, at an address support can look up. Deposits are told apart by (network, tx, log).
 */
const EVM_EXTERNAL_CHAIN = "m/44'/60'/0'/0";
const MAX_CHILD_INDEX = 2 ** 31 - 1;

export type HdRootOrigin = 'xpub' | 'given' | 'created' | 'loaded';

/**
 * The exchange's deposit key, reduced to the extended *public* key of the external chain:
 * deriving deposit addresses never needs a private key, so this process does not keep one.
 * It prints as `[HdRoot]`, so logging it by mistake leaks nothing.
 */
export class HdRoot {
  readonly #chain: HDKey;

  constructor(
    chain: HDKey,
    /** Where the key came from: `HD_XPUB`, `HD_MNEMONIC`, or the dev seed file. */
    readonly origin: HdRootOrigin,
  ) {
    this.#chain = chain;
  }

  deriveAddress(index: number): string {
    const { publicKey } = this.#chain.deriveChild(index);
    if (publicKey === null) throw new Error('HD derivation produced no public key');
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    return addressFromPublicKey(uncompressed);
  }

  toString(): string {
    return '[HdRoot]';
  }

  toJSON(): string {
    return '[HdRoot]';
  }

  [inspect.custom](): string {
    return '[HdRoot]';
  }
}

/** Where deposit addresses come from: `HD_XPUB` (production), else `HD_MNEMONIC` or the dev seed. */
export interface HdSource {
  xpub?: string | null;
  mnemonic?: string | null;
}

/**
 * The HD root from `HD_XPUB` when given: the server then never sees a private key nor the words
 * that make one. Otherwise (development only) from a mnemonic: `HD_MNEMONIC`, or the one in
 * `<dataDir>/secrets/hd-seed`, generated once with a CSPRNG (owner-only file). Error messages
 * never include the mnemonic.
 */
export async function loadHdRoot(dataDir: string, source: HdSource): Promise<HdRoot> {
  if (source.xpub) return hdRootFromXpub(source.xpub);
  return loadOrCreateHdRoot(dataDir, source.mnemonic);
}

/** The root of a mnemonic: `mnemonic` when given, else the development seed file. */
export async function loadOrCreateHdRoot(
  dataDir: string,
  mnemonic?: string | null,
): Promise<HdRoot> {
  if (mnemonic?.trim()) return rootFrom(normalize(mnemonic), 'HD_MNEMONIC', 'given');
  const file = path.join(dataDir, 'secrets', 'hd-seed');
  const { value, created } = await loadOrCreateSecretFile(
    file,
    () => `${generateMnemonic(wordlist, 256)}\n`,
  );
  return rootFrom(normalize(value), file, created ? 'created' : 'loaded');
}

/** BIP-32 depth of m/44'/60'/0'/0: purpose, coin type, account, external chain. */
const EXTERNAL_CHAIN_DEPTH = 4;

/** An account-level extended public key (`xpub…` of m/44'/60'/0'/0), as `xpubFromMnemonic` makes. */
export function hdRootFromXpub(xpub: string): HdRoot {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub.trim());
  } catch {
    throw new Error('HD_XPUB is not a BIP-32 extended public key (xpub…)');
  }
  if (key.privateKey) {
    key.wipePrivateData();
    throw new Error('HD_XPUB holds a private key: give the extended public key (xpub…)');
  }
  if (key.depth !== EXTERNAL_CHAIN_DEPTH) {
    throw new Error(`HD_XPUB must be the key of ${EVM_EXTERNAL_CHAIN} (npm run admin -- xpub)`);
  }
  return new HdRoot(key, 'xpub');
}

/** What `HD_XPUB` holds for `mnemonic`; run offline (npm run admin -- xpub). */
export async function xpubFromMnemonic(mnemonic: string): Promise<string> {
  const chain = await chainKeyFrom(normalize(mnemonic), 'the mnemonic');
  return chain.publicExtendedKey;
}

/** The user's deposit address on `network`: m/44'/60'/0'/0/<userIndex>, EIP-55 checksummed. */
export function depositAddress(root: HdRoot, network: EvmNetwork, userIndex: number): string {
  // `network` stays in the signature so a non-EVM network can branch here without callers changing.
  if (!isEvmNetwork(network)) throw new RangeError(`Not an EVM network: ${String(network)}`);
  if (!Number.isSafeInteger(userIndex) || userIndex < 0 || userIndex > MAX_CHILD_INDEX) {
    throw new RangeError(`userIndex must be an integer from 0 to ${MAX_CHILD_INDEX}`);
  }
  return root.deriveAddress(userIndex);
}

async function rootFrom(mnemonic: string, source: string, origin: HdRootOrigin): Promise<HdRoot> {
  return new HdRoot(await chainKeyFrom(mnemonic, source), origin);
}

/** The external chain's public key; the private keys on the way are wiped. */
async function chainKeyFrom(mnemonic: string, source: string): Promise<HDKey> {
  if (!validateMnemonic(mnemonic, wordlist)) {
    throw new Error(`${source} does not hold a valid BIP-39 English mnemonic`);
  }
  const seed = await mnemonicToSeed(mnemonic);
  const master = HDKey.fromMasterSeed(seed);
  const account = master.derive(EVM_EXTERNAL_CHAIN);
  const chain = HDKey.fromExtendedKey(account.publicExtendedKey);
  account.wipePrivateData();
  master.wipePrivateData();
  seed.fill(0);
  return chain;
}

function normalize(mnemonic: string): string {
  return mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
}
