import type { Network } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';

export interface TokenNetwork {
  network: Network;
  /** null for the network's native coin. */
  contractAddress: string | null;
  decimals: number;
}

export interface Token {
  id: string;
  name: string;
  shortName: string;
  /** Display precision. */
  decimals: number;
  networks: TokenNetwork[];
}

export async function listTokens(db: Db): Promise<Token[]> {
  const [tokens, networks] = await Promise.all([
    db.selectFrom('tokens').selectAll().orderBy('short_name').execute(),
    db.selectFrom('token_networks').selectAll().execute(),
  ]);
  return tokens.map((t) => ({
    id: t.id,
    name: t.name,
    shortName: t.short_name,
    decimals: t.decimals,
    networks: networks
      .filter((n) => n.token_id === t.id)
      .map((n) => ({
        network: n.network,
        contractAddress: n.contract_address,
        decimals: n.decimals,
      })),
  }));
}

export interface NewToken {
  name: string;
  shortName: string;
  decimals: number;
  networks: TokenNetwork[];
}

/** Inserts a token and where it lives on each network, or does nothing if the short name exists. */
export async function insertToken(db: Db, token: NewToken): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('tokens')
      .select('id')
      .where('short_name', '=', token.shortName)
      .executeTakeFirst();
    return existing?.id ?? insertTokenRows(trx, token);
  });
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
