import type { Network } from '@exchange/contracts';
import { listTokens } from '../../core/tokens.js';
import type { Db } from '../../db/connect.js';
import { issuedDepositAddresses } from '../deposits/service.js';
import { insertMovements } from './repository.js';
import type { Movement } from './movement.js';

export { movementSchema, movementsBodySchema, type Movement } from './movement.js';

/** A token listed on the network a sweep plan is made for. */
export interface SweepSourceToken {
  token_id: string;
  symbol: string;
  contract: string | null;
  decimals: number;
}

/** What `sweep-plan` needs from the database: the issued deposit addresses and listed tokens. */
export interface SweepSources {
  addresses: { index: number; address: string }[];
  tokens: SweepSourceToken[];
}

export async function sweepSources(db: Db, network: Network): Promise<SweepSources> {
  const [addresses, tokens] = await Promise.all([issuedDepositAddresses(db), listTokens(db)]);
  return {
    addresses,
    tokens: tokens.flatMap((t) =>
      t.networks
        .filter((n) => n.network === network)
        .map((n) => ({
          token_id: t.id,
          symbol: t.shortName,
          contract: n.contractAddress?.toLowerCase() ?? null,
          decimals: n.decimals,
        })),
    ),
  };
}

/**
 * Records mined movements between the exchange's wallets, each once (a broadcast run again
 * records nothing twice). The ledger of users' balances is not touched.
 */
export function recordMovements(db: Db, movements: Movement[], now: Date): Promise<number> {
  return insertMovements(db, movements, now);
}
