import type { Network } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';

/** A saved withdrawal address; `address` is lowercase. */
export interface SavedAddress {
  id: string;
  userId: string;
  label: string;
  network: Network;
  address: string;
  createdAt: Date;
}

const fromRow = (row: {
  id: string;
  user_id: string;
  label: string;
  network: Network;
  address: string;
  created_at: Date;
}): SavedAddress => ({
  id: row.id,
  userId: row.user_id,
  label: row.label,
  network: row.network,
  address: row.address,
  createdAt: row.created_at,
});

/** The user's saved addresses, the newest first. */
export async function savedAddressesOf(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom('withdrawal_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(fromRow);
}

export async function findSavedAddress(
  db: Db,
  userId: string,
  network: Network,
  address: string,
): Promise<SavedAddress | undefined> {
  const row = await db
    .selectFrom('withdrawal_addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst();
  return row && fromRow(row);
}

/** Saves an address; false when the user already saved it on this network. */
export async function insertSavedAddress(db: Db, entry: SavedAddress): Promise<boolean> {
  const inserted = await db
    .insertInto('withdrawal_addresses')
    .values({
      id: entry.id,
      user_id: entry.userId,
      label: entry.label,
      network: entry.network,
      address: entry.address,
      created_at: entry.createdAt,
    })
    .onConflict((oc) => oc.columns(['user_id', 'network', 'address']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Removes one of the user's saved addresses; false when there was none with this id. */
export async function deleteSavedAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('withdrawal_addresses')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}
