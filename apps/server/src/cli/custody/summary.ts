import { formatAmount } from '../../core/money.js';
import type { CustodyPlan } from '../../modules/custody/plan-file.js';
import { planTotals } from '../../modules/custody/sweep-plan.js';

/** What a plan moves, per token and destination, and its most fees: what an operator confirms. */
export function summaryLines(plan: CustodyPlan): string[] {
  const lines = [
    plan.description,
    `plan ${plan.plan_id}, ${plan.transactions.length} transactions, network ${plan.network} (chain ${plan.chain_id})`,
    `cold address ${plan.destinations.cold}; hot wallet ${plan.destinations.hot ?? '(none)'}; gas address ${plan.gas_address}`,
  ];
  let fees = 0n;
  for (const t of planTotals(plan.transactions)) {
    const decimals = plan.transactions.find((tx) => tx.symbol === t.symbol)?.decimals ?? 18;
    const what =
      t.kind === 'top_up' ? 'gas top-ups to deposit addresses' : `to the ${t.to_tier} wallet`;
    lines.push(`  ${t.count} × ${t.kind}: ${formatAmount(t.units, decimals)} ${t.symbol} ${what}`);
    fees += t.fees;
  }
  lines.push(`  fees at most ${formatAmount(fees, 18)} in native coin`);
  return lines;
}

export function printSummary(plan: CustodyPlan): void {
  for (const line of summaryLines(plan)) console.log(line);
}
