import type { Selectable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { SignerSignaturesTable } from '../../../db/schema-custody.js';
import { listTokens } from '../../../core/tokens.js';
import { LEDGER_DECIMALS } from '../../../core/money.js';
import { findWithdrawal } from '../repository.js';
import type { WithdrawalFacts, Velocity } from './policy.js';

/** A transfer the signer signed for a withdrawal, as it keeps it. */
export interface StoredSignature {
  withdrawalId: string;
  network: string;
  from: string;
  to: string;
  contract: string | null;
  units: bigint;
  valueUsdt: bigint | null;
  nonce: number;
  txHash: string;
  rawTx: string;
  signedAt: Date;
}

/**
 * The withdrawal as the database shows it, with its token's contract on that network and what
 * the address receives in on-chain units; undefined for no such withdrawal (or token network).
 */
export async function withdrawalFacts(db: Db, id: string): Promise<WithdrawalFacts | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const w = await findWithdrawal(db, id);
  if (!w) return undefined;
  const token = (await listTokens(db)).find((t) => t.id === w.tokenId);
  const onChain = token?.networks.find((n) => n.network === w.network);
  if (!onChain) return undefined;
  const units = (w.amount - w.fee) / 10n ** BigInt(LEDGER_DECIMALS - onChain.decimals);
  return {
    userId: w.userId,
    network: w.network,
    status: w.status,
    address: w.address,
    units,
    contract: onChain.contractAddress,
    valueUsdt: w.valueUsdt,
    approvals: w.approvals,
  };
}

export async function signatureOf(db: Db, withdrawalId: string) {
  const row = await db
    .selectFrom('signer_signatures')
    .selectAll()
    .where('withdrawal_id', '=', withdrawalId)
    .executeTakeFirst();
  return row && fromRow(row);
}

/** What the signer signed since an hour and a day before `now`. */
export async function velocity(db: Db, now: Date): Promise<Velocity> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const rows = await db
    .selectFrom('signer_signatures')
    .select(['value_usdt', 'signed_at'])
    .where('signed_at', '>', dayAgo)
    .execute();
  const sum = (since: Date) => {
    const within = rows.filter((r) => r.signed_at > since);
    const usdt = within.reduce((total, r) => total + BigInt(r.value_usdt ?? '0'), 0n);
    return { usdt, transfers: within.length };
  };
  return { hour: sum(hourAgo), day: sum(dayAgo) };
}

/**
 * One past the highest nonce the signer gave a transfer of `from` whose withdrawal is still on
 * its way (awaiting its signature's record, or sent and not settled); 0 when none is.
 */
export async function nonceFloor(db: Db, network: string, from: string): Promise<number> {
  const row = await db
    .selectFrom('signer_signatures as s')
    .innerJoin('withdrawals as w', 'w.id', 's.withdrawal_id')
    .select((eb) => eb.fn.max('s.nonce').as('nonce'))
    .where('s.network', '=', network)
    .where('s.from_address', '=', from)
    .where('w.status', 'in', ['awaiting_signature', 'pending'])
    .executeTakeFirst();
  return row?.nonce === null || row?.nonce === undefined ? 0 : Number(row.nonce) + 1;
}

/** Keeps a signature; false when this withdrawal has one already (two signers at once). */
export async function insertSignature(db: Db, s: StoredSignature): Promise<boolean> {
  const inserted = await db
    .insertInto('signer_signatures')
    .values({
      withdrawal_id: s.withdrawalId,
      network: s.network,
      from_address: s.from,
      to_address: s.to,
      contract: s.contract,
      units: s.units.toString(),
      value_usdt: s.valueUsdt?.toString() ?? null,
      nonce: s.nonce,
      tx_hash: s.txHash,
      raw_tx: s.rawTx,
      signed_at: s.signedAt,
    })
    .onConflict((oc) => oc.column('withdrawal_id').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

const fromRow = (row: Selectable<SignerSignaturesTable>): StoredSignature => ({
  withdrawalId: row.withdrawal_id,
  network: row.network,
  from: row.from_address,
  to: row.to_address,
  contract: row.contract,
  units: BigInt(row.units),
  valueUsdt: row.value_usdt === null ? null : BigInt(row.value_usdt),
  nonce: row.nonce,
  txHash: row.tx_hash,
  rawTx: row.raw_tx,
  signedAt: row.signed_at,
});
