import fs from 'node:fs/promises';
import { createInterface } from 'node:readline/promises';
import { HdSpendingKeys } from '../../chain/hd-keys.js';
import { configuredRpcSettings } from '../../config/custody-config.js';
import { parseCustodyFile, planSchema } from '../../modules/custody/plan-file.js';
import { signPlan } from '../../modules/custody/sign-plan.js';
import { forbidNetwork } from './no-network.js';
import { printSummary } from './summary.js';

export interface SignOptions {
  plan: string;
  mnemonicFile: string;
  out: string | null;
  /** Sign without asking (scripts). */
  yes: boolean;
}

/**
 * `npm run custody -- sign PLAN`: on the offline machine that keeps the mnemonic. Refuses to run
 * where a chain endpoint is configured, opens no socket (`forbidNetwork`), checks the plan
 * (`planProblems`), shows what it moves and asks, then writes the signed transactions.
 */
export async function signPlanFile(options: SignOptions): Promise<string | null> {
  const configured = configuredRpcSettings();
  if (configured.length > 0)
    throw new Error(
      `Refused: ${configured.join(', ')} is set. Sign on the offline machine, with no chain endpoint configured.`,
    );
  forbidNetwork();
  const plan = parseCustodyFile(planSchema, await fs.readFile(options.plan, 'utf8'), 'sweep plan');
  printSummary(plan);
  if (!options.yes && !(await confirmed())) {
    console.log('Nothing signed.');
    return null;
  }
  const keys = await HdSpendingKeys.fromMnemonic(await fs.readFile(options.mnemonicFile, 'utf8'));
  try {
    const signed = await signPlan(plan, keys, new Date());
    const out = options.out ?? options.plan.replace(/(\.json)?$/, '.signed.json');
    await fs.writeFile(out, `${JSON.stringify(signed, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    console.log(`Signed ${signed.transactions.length} transactions: ${out}`);
    return out;
  } finally {
    keys.wipe();
  }
}

async function confirmed(): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question('Sign these transactions? [y/N] ')).trim());
  } finally {
    rl.close();
  }
}
