import type { Network } from '@exchange/contracts';
import type { Db } from '../db/connect.js';
import { AppError } from '../lib/app-error.js';

export interface TokenNetwork {
  network: Network;
  /** null for the network's native coin. */
  contractAddress: string | null;
  decimals: number;
  /** Kept from each withdrawal on this network (ledger units of the token); admins set it. Absent: 0. */
  withdrawFee?: bigint;
  /** The smallest withdrawal on this network, the fee included (ledger units). Absent: 0. */
  withdrawMin?: bigint;
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
        withdrawFee: BigInt(n.withdraw_fee),
        withdrawMin: BigInt(n.withdraw_min),
      })),
  }));
}

/** The listed tokens, held in memory; reloaded whenever tokens change. */
export class TokenDirectory {
  private byId = new Map<string, Token>();
  private byShortName = new Map<string, Token>();

  constructor(private readonly db: Db) {}

  async reload(): Promise<void> {
    const tokens = await listTokens(this.db);
    this.byId = new Map(tokens.map((t) => [t.id, t]));
    this.byShortName = new Map(tokens.map((t) => [t.shortName, t]));
  }

  /** Lists a token at once (the writer's listing command); returns how to take it back. */
  add(token: Token): () => void {
    this.byId.set(token.id, token);
    this.byShortName.set(token.shortName, token);
    return () => {
      this.byId.delete(token.id);
      this.byShortName.delete(token.shortName);
    };
  }

  all(): Token[] {
    return [...this.byId.values()].sort((a, b) => a.shortName.localeCompare(b.shortName));
  }

  find(id: string): Token | undefined {
    return this.byId.get(id);
  }

  bySymbol(shortName: string): Token | undefined {
    return this.byShortName.get(shortName.toUpperCase());
  }

  /** A token by id, or by short name (clients may say `USDT`); a clear 404 otherwise. */
  get(idOrSymbol: string): Token {
    const token = this.byId.get(idOrSymbol) ?? this.bySymbol(idOrSymbol);
    if (!token) throw new AppError('NOT_FOUND', 'Unknown token');
    return token;
  }
}

/** How answers name a token. */
export const tokenRef = (t: Token) => ({ _id: t.id, name: t.name, symbol: t.shortName });
