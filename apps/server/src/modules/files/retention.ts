import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { findExpiredImages, markImagesPurged } from './repository.js';
import { removeUploads, uploadsDir } from './storage.js';

/**
 * The retention rule (README, "Identity documents"): an image is deleted 30 days after the
 * rejection of the request that named it, unless a later request names it again, and 30 days
 * after its upload if no request ever named it. Images of a pending or approved request are kept
 * while the account lives (and 5 years after it closes, a rule for account closure to apply).
 */
export const RETENTION_AFTER_REJECTION_DAYS = 30;
const DAY_MS = 86_400_000;
/** How often the rule is applied; a day's lateness is within what the rule promises. */
const SWEEP_MS = 60 * 60 * 1000;

/** Deletes the files the rule says are due and marks their rows; returns how many. */
export async function purgeExpiredDocuments(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - RETENTION_AFTER_REJECTION_DAYS * DAY_MS);
  const due = await findExpiredImages(ctx.db, cutoff);
  if (due.length === 0) return 0;
  // Rows first: a file whose row says purged is never served, even if its deletion fails.
  await markImagesPurged(
    ctx.db,
    due.map((d) => d.id),
    ctx.now(),
  );
  await removeUploads(
    uploadsDir(ctx.config),
    due.map((d) => d.path),
  );
  return due.length;
}

/** Applies the rule now and every hour; returns the function that stops it (after a sweep ends). */
export function startDocumentRetention(
  ctx: AppContext,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= purgeExpiredDocuments(ctx)
      .then((n) => {
        if (n > 0) log.info({ files: n }, 'identity images deleted under the retention rule');
      })
      .catch((err: unknown) => log.warn({ err }, 'identity image retention sweep failed'))
      .finally(() => (sweeping = null));
  };
  const timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
  sweep();
  return async () => {
    clearInterval(timer);
    await sweeping;
  };
}
