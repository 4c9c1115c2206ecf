import { NOTIFICATIONS_LISTED } from '@exchange/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { NotificationsTable, PriceAlertsTable } from '../../db/schema-trading.js';

export type PriceAlertRow = Selectable<PriceAlertsTable>;
export type NotificationRow = Selectable<NotificationsTable>;

export async function insertAlert(db: Db, row: PriceAlertRow): Promise<void> {
  await db.insertInto('price_alerts').values(row).execute();
}

export function alertsOf(db: Db, userId: string): Promise<PriceAlertRow[]> {
  return db
    .selectFrom('price_alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function activeAlertCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('price_alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('fired_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every alert still waiting, for the index at start. */
export function activeAlerts(db: Db): Promise<PriceAlertRow[]> {
  return db.selectFrom('price_alerts').selectAll().where('fired_at', 'is', null).execute();
}

export function deleteAlert(db: Db, userId: string, id: string) {
  return db
    .deleteFrom('price_alerts')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
}

/**
 * Marks the alert fired and stores its notification in one transaction; undefined when it had
 * fired already or was deleted, so nobody is told twice.
 */
export function markFired(
  db: Db,
  id: string,
  at: Date,
  price: string,
  notification: (alert: PriceAlertRow) => NotificationRow,
): Promise<NotificationRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const alert = await tx
      .updateTable('price_alerts')
      .set({ fired_at: at, fired_price: price })
      .where('id', '=', id)
      .where('fired_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!alert) return undefined;
    const row = notification(alert);
    await tx
      .insertInto('notifications')
      .values({ ...row, params: row.params && JSON.stringify(row.params) })
      .execute();
    return row;
  });
}

export async function notificationsOf(db: Db, userId: string) {
  const [items, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(NOTIFICATIONS_LISTED)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, unread: Number(unread.n) };
}

export async function markAllRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}
