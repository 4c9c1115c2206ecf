import type { Db } from '../../db/connect.js';
import { AppError } from '../../lib/app-error.js';
import { listTokens, type Token } from './repository.js';

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
    if (!token) throw new AppError(404, 'NOT_FOUND', 'Unknown token');
    return token;
  }
}

export const tokenRef = (t: Token) => ({ _id: t.id, name: t.name, symbol: t.shortName });
