import fs from 'node:fs/promises';
import { ChainReader, type MinedTx } from '../../chain/chain-reader.js';
import type { Config } from '../../config/env.js';
import { formatAmount, fromChainUnits } from '../../core/money.js';
import { parseCustodyFile, signedSchema, type SignedTx } from '../../modules/custody/plan-file.js';
import type { Movement } from '../../modules/custody/service.js';

export type TxOutcome =
  'mined' | 'already mined' | 'reverted' | 'replaced' | 'waiting' | 'unconfirmed';

export interface BroadcastReport {
  outcomes: Record<string, TxOutcome>;
  /** Wei paid in fees by the transactions mined (this run or before). */
  fees: bigint;
  recorded: number;
}

const POLL_MS = 250;
const WAIT_MS = 10 * 60_000;

/**
 * `npm run custody -- broadcast SIGNED`: sends a signed plan's transactions, in waves (a top-up,
 * then the sweeps waiting for it), and records each one mined with the network's confirmations as
 * a movement between the exchange's wallets (`record`). Run again, it is idempotent and resumes: a
 * transaction already mined is recognised by its hash and recorded, never sent again; one whose
 * nonce another transaction took is reported `replaced`; one waiting for a transaction that did not
 * succeed is left `waiting`.
 */
export async function broadcastSigned(
  config: Config,
  file: string,
  record: (movements: Movement[]) => Promise<number>,
): Promise<BroadcastReport> {
  const signed = parseCustodyFile(signedSchema, await fs.readFile(file, 'utf8'), 'signed sweep');
  const chain = config.chains[signed.network];
  if (!chain.rpcUrl) throw new Error(`${signed.network.toUpperCase()}_RPC_URL is not set`);
  const rpc = new ChainReader(chain.rpcUrl);
  const served = await rpc.chainId();
  if (served !== signed.chain_id)
    throw new Error(
      `The ${signed.network} endpoint serves chain ${served}, the file is for ${signed.chain_id}`,
    );
  const report: BroadcastReport = { outcomes: {}, fees: 0n, recorded: 0 };
  for (const wave of waves(signed.transactions)) {
    const mined = new Map<SignedTx, MinedTx>();
    const sent: SignedTx[] = [];
    for (const tx of wave) {
      if (tx.after.some((id) => !['mined', 'already mined'].includes(report.outcomes[id] ?? ''))) {
        report.outcomes[tx.id] = 'waiting';
        continue;
      }
      const before = await rpc.mined(tx.tx_hash);
      if (before) mined.set(tx, before);
      else if ((await rpc.nonce(tx.from, 'latest')) > tx.nonce) report.outcomes[tx.id] = 'replaced';
      else {
        await rpc.send(tx.raw_tx);
        sent.push(tx);
      }
    }
    for (const tx of sent) mined.set(tx, await receipt(rpc, tx.tx_hash));
    await confirmations(rpc, [...mined.values()], chain.confirmations);
    const movements: Movement[] = [];
    for (const [tx, outcome] of mined) {
      report.fees += outcome.fee;
      if (outcome.status === 'reverted') report.outcomes[tx.id] = 'reverted';
      else {
        report.outcomes[tx.id] = sent.includes(tx) ? 'mined' : 'already mined';
        movements.push(movementOf(signed.network, signed.plan_id, tx, outcome));
      }
    }
    report.recorded += await record(movements);
  }
  return report;
}

/** The transactions in waves: each after every transaction it waits for. */
function waves(txs: SignedTx[]): SignedTx[][] {
  const depth = new Map<string, number>();
  const result: SignedTx[][] = [];
  for (const tx of txs) {
    const d = Math.max(0, ...tx.after.map((id) => (depth.get(id) ?? 0) + 1));
    depth.set(tx.id, d);
    (result[d] ??= []).push(tx);
  }
  return result.filter(Boolean);
}

async function receipt(rpc: ChainReader, hash: string): Promise<MinedTx> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const mined = await rpc.mined(hash);
    if (mined) return mined;
    if (Date.now() > until)
      throw new Error(
        `${hash} is not mined after ${WAIT_MS / 60_000} minutes: run broadcast again later`,
      );
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Waits until the newest of `mined` has `required` confirmations. */
async function confirmations(rpc: ChainReader, mined: MinedTx[], required: number): Promise<void> {
  const newest = Math.max(0, ...mined.map((m) => m.blockNumber));
  const until = Date.now() + WAIT_MS;
  while ((await rpc.blockNumber()) - newest + 1 < required) {
    if (Date.now() > until) throw new Error('Not confirmed in time: run broadcast again later');
    await new Promise((r) => setTimeout(r, POLL_MS * 4));
  }
}

function movementOf(
  network: Movement['network'],
  planId: string,
  tx: SignedTx,
  mined: MinedTx,
): Movement {
  const units = BigInt(tx.units);
  const amount = tx.token_id === null ? null : fromChainUnits(units, tx.decimals);
  return {
    network,
    tx_hash: tx.tx_hash,
    kind: tx.kind,
    plan_id: planId,
    token_id: tx.token_id,
    symbol: tx.symbol,
    from_tier: tx.from_tier,
    from_address: tx.from,
    to_tier: tx.to_tier,
    to_address: tx.to,
    units: tx.units,
    amount: amount === null ? null : amount.toString(),
    fee_wei: mined.fee.toString(),
    block_number: mined.blockNumber,
  };
}

export function printReport(report: BroadcastReport): void {
  const counts = new Map<TxOutcome, number>();
  for (const [id, outcome] of Object.entries(report.outcomes)) {
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    if (outcome !== 'mined' && outcome !== 'already mined') console.log(`  ${id}: ${outcome}`);
  }
  console.log([...counts].map(([o, n]) => `${n} ${o}`).join(', '));
  console.log(
    `fees ${formatAmount(report.fees, 18)} in native coin; ${report.recorded} movements recorded`,
  );
}
