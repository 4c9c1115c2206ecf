import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { formatAmount } from './money.js';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * Writes the tokens listed in a batch (with their networks; a listed token's networks again when
 * their withdrawal fees change) and the pairs listed or changed in it,
 * tokens first: a pair names its tokens. A pair is inserted whole the first time and afterwards
 * only its status, fees and minimum change.
 */
export async function writeListings(trx: Transaction<Database>, work: UnitOfWork): Promise<void> {
  for (const token of work.tokens.values()) {
    await trx
      .insertInto('tokens')
      .values({
        id: token.id,
        name: token.name,
        short_name: token.shortName,
        decimals: token.decimals,
        created_at: work.now,
      })
      // A token already listed is saved again when a network's withdrawal fee changes.
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    if (token.networks.length > 0)
      await trx
        .insertInto('token_networks')
        .values(
          token.networks.map((n) => ({
            token_id: token.id,
            network: n.network,
            contract_address: n.contractAddress,
            decimals: n.decimals,
            withdraw_fee: (n.withdrawFee ?? 0n).toString(),
            withdraw_min: (n.withdrawMin ?? 0n).toString(),
          })),
        )
        .onConflict((oc) =>
          oc.columns(['token_id', 'network']).doUpdateSet((eb) => ({
            withdraw_fee: eb.ref('excluded.withdraw_fee'),
            withdraw_min: eb.ref('excluded.withdraw_min'),
          })),
        )
        .execute();
  }
  for (const pair of work.pairs.values()) {
    await trx
      .insertInto('pairs')
      .values({
        id: pair.id,
        base_token_id: pair.base.id,
        quote_token_id: pair.quote.id,
        tick_size: pair.tickSize,
        lot_size: pair.lotSize,
        min_notional: formatAmount(pair.minNotional),
        maker_fee: formatAmount(pair.makerFee),
        taker_fee: formatAmount(pair.takerFee),
        status: pair.status,
        symbol_origin: pair.symbolOrigin,
        created_at: work.now,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          status: eb.ref('excluded.status'),
          maker_fee: eb.ref('excluded.maker_fee'),
          taker_fee: eb.ref('excluded.taker_fee'),
          min_notional: eb.ref('excluded.min_notional'),
        })),
      )
      .execute();
  }
}
