import path from 'node:path';
import type { Network, Rail } from '@exchange/contracts';
import { HotWallet } from '../../chain/hot-wallet.js';
import { checkHotWalletKey, EVM_NETWORKS, hotWalletKeyFile } from '../../chain/networks.js';
import type { Config } from '../../config/env.js';
import { readSecretFile } from '../../lib/secrets.js';

/**
 * The hot wallets that pay withdrawals out, one per network that has both an RPC endpoint and a
 * key (`<NETWORK>_HOT_WALLET_KEY`, else the file `DATA_DIR/secrets/<network>-hot-wallet-key`).
 * Payouts on one network run one at a time (`exclusive`), so two never take the same nonce.
 */
export class Payouts {
  private readonly turns = new Map<Rail, Promise<unknown>>();

  constructor(private readonly wallets: ReadonlyMap<Network, HotWallet>) {}

  static async load(config: Config): Promise<Payouts> {
    const wallets = new Map<Network, HotWallet>();
    for (const network of EVM_NETWORKS) {
      const chain = config.chains[network];
      const file = path.join(config.dataDir, 'secrets', hotWalletKeyFile(network));
      const fromFile = chain.hotWalletKey ? null : await readSecretFile(file);
      const key = chain.hotWalletKey ?? (fromFile && checkHotWalletKey(fromFile, file));
      if (key && chain.rpcUrl)
        wallets.set(network, new HotWallet(network, chain.rpcUrl, chain.chainId, key));
    }
    return new Payouts(wallets);
  }

  /** The network's hot wallet, or null: admins pay out elsewhere (the bank rail always). */
  wallet(network: Rail): HotWallet | null {
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
