import type { NotificationDto, PriceAlert } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { NotificationRow, PriceAlertRow } from './repository.js';

export function toAlertDto(row: PriceAlertRow, symbol: string): PriceAlert {
  return {
    id: row.id,
    symbol,
    direction: row.direction,
    price: formatAmount(BigInt(row.price)),
    created_at: row.created_at.toISOString(),
    fired_at: row.fired_at?.toISOString() ?? null,
    fired_price: row.fired_price === null ? null : formatAmount(BigInt(row.fired_price)),
  };
}

export function toNotificationDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    values: row.params,
    link: row.link,
    created_at: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}
