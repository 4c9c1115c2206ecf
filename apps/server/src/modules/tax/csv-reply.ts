import type { FastifyReply } from 'fastify';

/** Answers a CSV file to download; the name is ours, never the caller's. */
export function csvDownload(reply: FastifyReply, fileName: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
