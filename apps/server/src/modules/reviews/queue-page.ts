import type { AppContext } from '../../context.js';
import { soloLeft } from './decide.js';
import { emailsOf } from '../users/service.js';

/** A request admins review: whose it is and who approved it so far. */
interface Reviewed {
  userId: string;
  approvals: readonly { adminId: string }[];
}

/** The user a queue's entry shows. */
export interface QueueUser {
  id: string;
  email: string;
}

/**
 * A page of a money queue (deposits, withdrawals) as the reviewing admin sees it: each entry with
 * its approvers' emails and what the admin may still approve alone today (`left`).
 */
export async function reviewQueuePage<R extends Reviewed, D>(
  ctx: AppContext,
  adminId: string,
  page: { entries: { record: R; user: QueueUser }[]; total: number },
  toDto: (record: R, user: QueueUser, emails: ReadonlyMap<string, string>, left: bigint) => D,
): Promise<{ data: D[]; total: number }> {
  const emails = await emailsOf(
    ctx.db,
    page.entries.flatMap((e) => e.record.approvals.map((a) => a.adminId)),
  );
  const left = await soloLeft(ctx, adminId);
  const data = page.entries.map(({ record, user }) => toDto(record, user, emails, left));
  return { data, total: page.total };
}

/** One request after a decision on it, with its owner's and approvers' emails. */
export async function reviewAnswer<R extends Reviewed, D>(
  ctx: AppContext,
  record: R,
  toDto: (record: R, user: QueueUser, emails: ReadonlyMap<string, string>) => D,
): Promise<D> {
  const emails = await emailsOf(ctx.db, [record.userId, ...record.approvals.map((a) => a.adminId)]);
  return toDto(record, { id: record.userId, email: emails.get(record.userId) ?? '' }, emails);
}
