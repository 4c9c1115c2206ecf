import { collectDefaultMetrics, Registry } from 'prom-client';
import { HotWallet } from './chain/hot-wallet.js';
import { checkHotWalletKey, hotWalletKeyFile } from './chain/networks.js';
import { signerProcessConfig } from './config/signer-config.js';
import { connectDatabase } from './db/connect.js';
import { readSecretFile } from './lib/secrets.js';
import { PolicySigner, SignerMetrics } from './modules/withdrawals/signer/policy-signer.js';
import { buildSignerApp } from './modules/withdrawals/signer/signer-app.js';
import path from 'node:path';

/**
 * The hot wallet's signer, a process of its own (`npm run signer`; README, "Custody"): the only
 * one that reads the hot wallets' keys. The server asks it at SIGNER_URL; it signs what its
 * policy allows against the database (modules/withdrawals/signer).
 */
const config = signerProcessConfig();
const wallets = new Map<string, HotWallet>();
for (const chain of config.chains) {
  const file = config.keyDir && path.join(config.keyDir, hotWalletKeyFile(chain.network));
  const fromFile = chain.key || !file ? null : await readSecretFile(file);
  const key = chain.key ?? (fromFile && file && checkHotWalletKey(fromFile, file));
  if (key)
    wallets.set(chain.network, new HotWallet(chain.network, chain.rpcUrl, chain.chainId, key));
}
if (wallets.size === 0) {
  console.error('The signer has no hot wallet: set <NETWORK>_RPC_URL and its key (SIGNER_KEY_DIR)');
  process.exit(1);
}
const database = connectDatabase({ url: config.databaseUrl });
const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'exchange_signer_' });
const app = buildSignerApp(
  (log) => new PolicySigner(database.db, wallets, config.limits, new SignerMetrics(registry), log),
  registry,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
await app.listen({ host: config.host, port: config.port });
app.log.info(
  { wallets: Object.fromEntries([...wallets].map(([n, w]) => [n, w.address])) },
  'signer ready',
);
