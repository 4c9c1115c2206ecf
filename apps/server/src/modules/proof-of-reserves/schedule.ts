import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/app-error.js';
import { latestSnapshot, publishSnapshot } from './service.js';

/**
 * Whether the schedule publishes now: none was published yet, or the latest is at least half an
 * interval old (so a restart, or an admin's run, does not bring the next one closer than that).
 */
export function snapshotDue(lastAt: Date | null, now: Date, everyMs: number): boolean {
  return lastAt === null || now.getTime() - lastAt.getTime() >= everyMs / 2;
}

/**
 * Publishes a proof of reserves every `RESERVES_SNAPSHOT_HOURS` (0: only when admins run one),
 * and once at start when none is due-recent (`snapshotDue`), so a running exchange (the demo's
 * included: the app starts this after seeding it) never shows the page's empty state for a day;
 * returns the function that stops it.
 */
export function startReservesSchedule(
  ctx: AppContext,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const every = ctx.config.reservesSnapshotMs;
  if (every <= 0) return async () => undefined;
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = snapshotIfDue(ctx, every)
      .then((id) => id && log.info({ snapshot: id }, 'proof of reserves published'))
      .catch((err: unknown) =>
        err instanceof AppError
          ? log.error({ data: err.data }, `proof of reserves not published: ${err.message}`)
          : log.error({ err }, 'proof of reserves failed'),
      )
      .finally(() => (running = null));
  };
  const first = setImmediate(run);
  const timer = setInterval(run, every);
  timer.unref();
  // Stopping waits for a snapshot under way: the database closes after it.
  return async () => {
    clearImmediate(first);
    clearInterval(timer);
    await running;
  };
}

async function snapshotIfDue(ctx: AppContext, every: number): Promise<string | null> {
  const last = await latestSnapshot(ctx.db);
  if (!snapshotDue(last?.createdAt ?? null, ctx.now(), every)) return null;
  return (await publishSnapshot(ctx, null)).id;
}
