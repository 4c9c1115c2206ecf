import { AUDIT_LOG_CSV_COLUMNS } from '@exchange/contracts';
import { pipeline, Readable } from 'node:stream';
import type { Db } from '../../db/connect.js';
import { csvStream } from '../../lib/csv.js';
import {
  auditLogChunk,
  type AdminActionFilter,
  type AuditLogCursor,
  type AuditLogRow,
} from './repository.js';

/** Entries read from the database at a time while the export streams. */
const CHUNK = 500;

type CsvColumn = (typeof AUDIT_LOG_CSV_COLUMNS)[number];

const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));

function csvRecord(row: AuditLogRow): Record<CsvColumn, string> {
  return {
    time: row.created_at.toISOString(),
    admin: row.admin_email,
    ip: row.ip ?? '',
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    user: row.user_email ?? '',
    before: json(row.before),
    after: json(row.after),
  };
}

async function* entries(db: Db, filter: AdminActionFilter) {
  let cursor: AuditLogCursor | null = null;
  for (;;) {
    const chunk = await auditLogChunk(db, filter, cursor, CHUNK);
    for (const row of chunk) yield csvRecord(row);
    const last = chunk.at(-1);
    if (!last || chunk.length < CHUNK) return;
    cursor = { createdAt: last.created_at, id: last.id };
  }
}

/** The audit trail as CSV (lib/csv.ts), newest first, streamed a chunk at a time. */
export function auditLogCsv(db: Db, filter: AdminActionFilter): Readable {
  const csv = csvStream(AUDIT_LOG_CSV_COLUMNS);
  // A failed read ends the download with an error instead of a silently short file.
  pipeline(Readable.from(entries(db, filter)), csv, () => {});
  return csv;
}
