import type { CustodyPlan } from './plan-file.js';

/**
 * What is wrong with a plan before anything is signed (the offline signer's checks; a plan file
 * crosses an air gap and may have been altered on the way): each sweep goes to the plan's declared
 * cold or hot address for its tier and comes from a deposit address; each top-up goes from the gas
 * address to a deposit address the plan sweeps, for no more than that address's sweeps' gas; ids
 * are unique and a transaction waits only for one before it.
 */
export function planProblems(plan: CustodyPlan): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const sweepGas = new Map<string, bigint>();
  for (const tx of plan.transactions) {
    if (tx.kind === 'sweep' && tx.contract !== null)
      sweepGas.set(
        tx.from,
        (sweepGas.get(tx.from) ?? 0n) + BigInt(tx.gas_limit) * BigInt(tx.gas_price),
      );
  }
  for (const tx of plan.transactions) {
    if (seen.has(tx.id)) problems.push(`${tx.id}: the id is used twice`);
    for (const id of tx.after)
      if (!seen.has(id)) problems.push(`${tx.id}: waits for ${id}, which does not come before it`);
    seen.add(tx.id);
    if (tx.kind === 'sweep') {
      const allowed =
        tx.to_tier === 'cold'
          ? plan.destinations.cold
          : tx.to_tier === 'hot'
            ? plan.destinations.hot
            : null;
      if (tx.signer.kind !== 'deposit' || tx.from_tier !== 'deposit')
        problems.push(`${tx.id}: a sweep must come from a deposit address`);
      if (allowed === null || tx.to !== allowed)
        problems.push(`${tx.id}: sends to ${tx.to}, not the plan's ${tx.to_tier} address`);
    } else {
      if (tx.signer.kind !== 'gas' || tx.from !== plan.gas_address || tx.contract !== null)
        problems.push(`${tx.id}: a top-up must send native coin from the gas address`);
      const gas = sweepGas.get(tx.to);
      if (tx.to_tier !== 'deposit' || gas === undefined)
        problems.push(`${tx.id}: tops up ${tx.to}, which the plan does not sweep`);
      else if (BigInt(tx.units) > gas)
        problems.push(`${tx.id}: tops up ${tx.units} wei, more than its sweeps' gas (${gas})`);
    }
  }
  return problems;
}
