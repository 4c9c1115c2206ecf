import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { privateKeyToAccount } from 'viem/accounts';
import type { HdSpendingKeys } from '../../chain/hd-keys.js';
import { planProblems } from './check-plan.js';
import { SIGNED_FORMAT, type CustodyPlan, type PlannedTx, type SignedPlan } from './plan-file.js';

/** ERC-20 `transfer(to, units)` call data. */
export function erc20TransferData(to: string, units: bigint): `0x${string}` {
  const word = (n: bigint) => n.toString(16).padStart(64, '0');
  return `0xa9059cbb${word(BigInt(to))}${word(units)}`;
}

/**
 * Signs every transaction of a checked plan with the keys of the one mnemonic (offline: no chain is
 * asked anything). Each transaction is built from the plan's own words: a native transfer of
 * `units` to `to`, or the token contract's `transfer(to, units)`. A key whose address is not the
 * transaction's `from` refuses the whole plan.
 */
export async function signPlan(
  plan: CustodyPlan,
  keys: HdSpendingKeys,
  now: Date,
): Promise<SignedPlan> {
  const problems = planProblems(plan);
  if (keys.gas().address !== plan.gas_address)
    problems.push(`the plan's gas address ${plan.gas_address} is not this mnemonic's`);
  if (problems.length > 0) throw new Error(`The plan is refused:\n  ${problems.join('\n  ')}`);
  const transactions = [];
  for (const tx of plan.transactions) {
    const raw = await signOne(tx, plan.chain_id, keys);
    transactions.push({
      ...tx,
      raw_tx: raw,
      tx_hash: `0x${bytesToHex(keccak_256(hexToBytes(raw.slice(2))))}`,
    });
  }
  return { ...plan, format: SIGNED_FORMAT, signed_at: now.toISOString(), transactions };
}

async function signOne(tx: PlannedTx, chainId: number, keys: HdSpendingKeys): Promise<string> {
  const key = tx.signer.kind === 'gas' ? keys.gas() : keys.deposit(tx.signer.index);
  if (key.address !== tx.from)
    throw new Error(`${tx.id}: its key's address is ${key.address}, not ${tx.from}`);
  const units = BigInt(tx.units);
  const call =
    tx.contract === null
      ? { to: tx.to as `0x${string}`, value: units }
      : { to: tx.contract as `0x${string}`, value: 0n, data: erc20TransferData(tx.to, units) };
  return privateKeyToAccount(key.privateKey as `0x${string}`).signTransaction({
    type: 'legacy',
    chainId,
    nonce: tx.nonce,
    gas: BigInt(tx.gas_limit),
    gasPrice: BigInt(tx.gas_price),
    ...call,
  });
}
