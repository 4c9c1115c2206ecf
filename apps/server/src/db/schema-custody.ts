import type { ColumnType } from 'kysely';

type Units = ColumnType<string, string, string>;

/** One mined transaction between the exchange's own wallets (`modules/custody`). */
export interface CustodyMovementsTable {
  network: string;
  tx_hash: string;
  kind: 'sweep' | 'top_up';
  plan_id: string;
  /** null: the native coin of a network where it is not listed. */
  token_id: string | null;
  symbol: string;
  from_tier: string;
  from_address: string;
  to_tier: string;
  to_address: string;
  /** On-chain units. */
  units: Units;
  /** Ledger units (10^-18) of `token_id`; null when it has none. */
  amount: ColumnType<string | null, string | null, string | null>;
  fee_wei: Units;
  block_number: ColumnType<string, number, number>;
  recorded_at: Date;
}

/** One transfer the policy signer signed for a withdrawal (`modules/signer`). */
export interface SignerSignaturesTable {
  withdrawal_id: string;
  network: string;
  from_address: string;
  to_address: string;
  contract: string | null;
  units: Units;
  value_usdt: ColumnType<string | null, string | null, string | null>;
  nonce: number;
  tx_hash: string;
  raw_tx: string;
  signed_at: Date;
}

export interface CustodyTables {
  custody_movements: CustodyMovementsTable;
  signer_signatures: SignerSignaturesTable;
}
