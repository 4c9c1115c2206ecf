import { parseArgs } from 'node:util';
import { isEvmNetwork } from '../chain/networks.js';

const USAGE = `usage:
  npm run custody -- sweep-plan [--network ethereum] [--out PLAN]        online, read-only
  npm run custody -- sign PLAN --mnemonic-file FILE [--yes] [--out FILE]  offline
  npm run custody -- broadcast SIGNED                                     online
  npm run custody -- gas-address --mnemonic-file FILE                     offline`;

/**
 * The offline custody flow (README, "Custody"). Each command loads only what it needs: `sign`
 * and `gas-address` never import the chain client, the database nor the server's tools.
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      network: { type: 'string', default: 'ethereum' },
      out: { type: 'string' },
      'mnemonic-file': { type: 'string' },
      yes: { type: 'boolean', default: false },
    },
  });
  const [command, file] = positionals;
  const mnemonicFile = values['mnemonic-file'];
  if (command === 'sign' && file && mnemonicFile && positionals.length === 2) {
    const { signPlanFile } = await import('./custody/sign.js');
    const out = await signPlanFile({
      plan: file,
      mnemonicFile,
      out: values.out ?? null,
      yes: values.yes,
    });
    return out === null ? 1 : 0;
  }
  if (command === 'gas-address' && mnemonicFile && positionals.length === 1) {
    const { printGasAddress } = await import('./custody/gas-address.js');
    return printGasAddress(mnemonicFile);
  }
  if (command === 'sweep-plan' && positionals.length === 1 && isEvmNetwork(values.network)) {
    const { sweepPlanCommand } = await import('./custody/online.js');
    return sweepPlanCommand(values.network, values.out ?? null);
  }
  if (command === 'broadcast' && file && positionals.length === 2) {
    const { broadcastCommand } = await import('./custody/online.js');
    return broadcastCommand(file);
  }
  console.error(USAGE);
  return 2;
}

/** A refusal is an answer, not a crash: its message alone, exit 1. */
function failed(err: unknown): number {
  console.error(err instanceof Error ? err.message : String(err));
  return 1;
}

process.umask(0o077);
process.exitCode = await main(process.argv.slice(2)).catch(failed);
