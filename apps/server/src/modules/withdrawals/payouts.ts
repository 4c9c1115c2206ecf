import path from 'node:path';
import type { Network, Rail } from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import { ChainWallet, HotWallet, type SignedTransfer } from '../../chain/hot-wallet.js';
import { checkHotWalletKey, EVM_NETWORKS, hotWalletKeyFile } from '../../chain/networks.js';
import type { Config } from '../../config/env.js';
import type { Db } from '../../db/connect.js';
import { readSecretFile } from '../../lib/secrets.js';
import type { SignRequest } from './signer/policy.js';
import { PolicySigner, SignerMetrics } from './signer/policy-signer.js';
import { SignerClient } from './signer/signer-client.js';

/** Who signs the hot wallets' transfers: the signer process, or the one inside this process. */
export interface TransferSigner {
  sign(request: SignRequest): Promise<SignedTransfer>;
}

/**
 * The hot wallets that pay withdrawals out, one per network with an RPC endpoint and a signer
 * for it, and the signer. With `SIGNER_URL` the keys are the signer process's alone: this process
 * knows each wallet by `<NETWORK>_HOT_WALLET_ADDRESS` and reads no key. Without it (development,
 * tests) the signer runs in this process with `<NETWORK>_HOT_WALLET_KEY`, else the file
 * `DATA_DIR/secrets/<network>-hot-wallet-key`; refused in production. Payouts on one network run
 * one at a time (`exclusive`), so two never take the same nonce.
 */
export class Payouts {
  private readonly turns = new Map<Rail, Promise<unknown>>();

  constructor(
    private readonly wallets: ReadonlyMap<Network, ChainWallet>,
    readonly signer: TransferSigner,
  ) {}

  static async load(
    config: Config,
    db: Db,
    log: FastifyBaseLogger,
    registry: Registry,
  ): Promise<Payouts> {
    const url = config.signer.url;
    if (url) return new Payouts(addressOnly(config), new SignerClient(url));
    const wallets = new Map<Network, HotWallet>();
    for (const network of EVM_NETWORKS) {
      const chain = config.chains[network];
      const file = path.join(config.dataDir, 'secrets', hotWalletKeyFile(network));
      const fromFile = chain.hotWalletKey ? null : await readSecretFile(file);
      const key = chain.hotWalletKey ?? (fromFile && checkHotWalletKey(fromFile, file));
      if (key && chain.rpcUrl)
        wallets.set(network, new HotWallet(network, chain.rpcUrl, chain.chainId, key));
    }
    if (wallets.size > 0 && config.nodeEnv === 'production')
      throw new Error(
        'A hot wallet key reached the server: in production only the signer holds it (npm run signer, SIGNER_URL)',
      );
    const metrics = new SignerMetrics(registry);
    const signer = new PolicySigner(db, wallets, config.signer.limits, metrics, log);
    return new Payouts(wallets, signer);
  }

  /** The network's hot wallet, or null: admins pay out elsewhere (the bank rail always). */
  wallet(network: Rail): ChainWallet | null {
    return network === 'bank' ? null : (this.wallets.get(network) ?? null);
  }

  /** Runs `fn` after every payout already under way on `network`. */
  exclusive<T>(network: Rail, fn: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(network) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    this.turns.set(
      network,
      run.catch(() => undefined),
    );
    return run;
  }
}

/** The wallets the signer process signs for, known here by address only (no key is read). */
function addressOnly(config: Config): Map<Network, ChainWallet> {
  const wallets = new Map<Network, ChainWallet>();
  for (const network of EVM_NETWORKS) {
    const chain = config.chains[network];
    if (chain.hotWalletKey)
      throw new Error(
        `${network.toUpperCase()}_HOT_WALLET_KEY is given to the server while SIGNER_URL is set: give it to the signer only`,
      );
    const address = config.custody.networks[network].hot;
    if (address && chain.rpcUrl)
      wallets.set(network, new ChainWallet(network, chain.rpcUrl, address as `0x${string}`));
  }
  return wallets;
}
