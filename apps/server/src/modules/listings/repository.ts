import type { Db } from '../../db/connect.js';
import type { TokenNetwork } from '../../core/tokens.js';

export interface NewToken {
  name: string;
  shortName: string;
  decimals: number;
  networks: TokenNetwork[];
}

/** The token's rows, inside the caller's transaction (the demo seed writes many at once). */
export async function insertTokenRows(trx: Db, token: NewToken): Promise<string> {
  const { id } = await trx
    .insertInto('tokens')
    .values({ name: token.name, short_name: token.shortName, decimals: token.decimals })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (token.networks.length > 0) {
    await trx
      .insertInto('token_networks')
      .values(
        token.networks.map((n) => ({
          token_id: id,
          network: n.network,
          contract_address: n.contractAddress?.toLowerCase() ?? null,
          decimals: n.decimals,
        })),
      )
      .execute();
  }
  return id;
}

export interface NewPair {
  baseTokenId: string;
  quoteTokenId: string;
  tickSize: string;
  lotSize: string;
  minNotional?: string;
  makerFee?: string;
  takerFee?: string;
  symbolOrigin?: string;
}

/** Lists a pair, or leaves an existing one as it is; returns its id. */
export async function insertPair(db: Db, pair: NewPair): Promise<string> {
  const row = await db
    .insertInto('pairs')
    .values({
      base_token_id: pair.baseTokenId,
      quote_token_id: pair.quoteTokenId,
      tick_size: pair.tickSize,
      lot_size: pair.lotSize,
      min_notional: pair.minNotional ?? '0',
      maker_fee: pair.makerFee ?? '0.001',
      taker_fee: pair.takerFee ?? '0.001',
      symbol_origin: pair.symbolOrigin ?? 'local',
    })
    .onConflict((oc) => oc.columns(['base_token_id', 'quote_token_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await db
    .selectFrom('pairs')
    .select('id')
    .where('base_token_id', '=', pair.baseTokenId)
    .where('quote_token_id', '=', pair.quoteTokenId)
    .executeTakeFirstOrThrow();
  return existing.id;
}
