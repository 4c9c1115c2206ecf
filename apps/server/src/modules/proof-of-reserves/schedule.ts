import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { latestSnapshot, publishSnapshot } from './service.js';

/**
 * Publishes a proof of reserves every `RESERVES_SNAPSHOT_HOURS` (0: only when admins run one),
 * unless one was published within the last half interval; returns the function that stops it.
 */
export function startReservesSchedule(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const every = ctx.config.reservesSnapshotMs;
  if (every <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    snapshotIfDue(ctx, every)
      .then((id) => id && log.info({ snapshot: id }, 'proof of reserves published'))
      .catch((err: unknown) =>
        err instanceof AppError
          ? log.error({ data: err.data }, `proof of reserves not published: ${err.message}`)
          : log.error({ err }, 'proof of reserves failed'),
      )
      .finally(() => (running = false));
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}

async function snapshotIfDue(ctx: AppContext, every: number): Promise<string | null> {
  const last = await latestSnapshot(ctx.db);
  if (last && ctx.now().getTime() - last.createdAt.getTime() < every / 2) return null;
  return (await publishSnapshot(ctx, null)).id;
}
