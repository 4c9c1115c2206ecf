import type { AmlCase, AmlCaseDetail } from '@exchange/contracts';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../lib/app-error.js';
import { emailsOf } from '../../users/service.js';
import { pausedAmong } from '../../withdrawal-pause/service.js';
import {
  caseById,
  caseEvents,
  casePage,
  reportsOf,
  type CaseFilter,
  type CaseRow,
} from '../repository.js';

type Emails = ReadonlyMap<string, string>;
const person = (id: string, emails: Emails) => ({ _id: id, email: emails.get(id) ?? '' });

function toCaseDto(row: CaseRow, emails: Emails): AmlCase {
  return {
    _id: row.id,
    rule: row.rule,
    risk: row.risk,
    subject: row.subject,
    users: row.user_ids.map((id) => person(id, emails)),
    summary: row.summary,
    status: row.status,
    assignee: row.assignee_id ? person(row.assignee_id, emails) : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const peopleOf = (row: CaseRow) => [...row.user_ids, ...(row.assignee_id ? [row.assignee_id] : [])];

/** The queue: a page of cases (open and escalated by default), newest first. */
export async function caseQueue(
  ctx: AppContext,
  filter: CaseFilter,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await casePage(ctx.db, filter, page);
  const emails = await emailsOf(ctx.db, rows.flatMap(peopleOf));
  return { data: rows.map((r) => toCaseDto(r, emails)), total };
}

/** One case with its facts, history, close approvals, paused users and filed reports. */
export async function caseDetail(ctx: AppContext, id: string): Promise<AmlCaseDetail> {
  const row = await caseById(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Case not found');
  const [events, paused, reports] = await Promise.all([
    caseEvents(ctx.db, id),
    pausedAmong(ctx.db, row.user_ids),
    reportsOf(ctx.db, id),
  ]);
  const emails = await emailsOf(ctx.db, [
    ...peopleOf(row),
    ...events.map((e) => e.admin_id),
    ...row.close_approvals.map((a) => a.admin_id),
    ...reports.map((r) => r.filed_by),
  ]);
  return {
    ...toCaseDto(row, emails),
    facts: row.facts,
    events: events.map((e) => ({
      kind: e.kind as AmlCaseDetail['events'][number]['kind'],
      admin: person(e.admin_id, emails),
      text: e.kind === 'assigned' ? (emails.get(e.text) ?? e.text) : e.text,
      at: e.created_at.toISOString(),
    })),
    close_approvals: row.close_approvals.map((a) => ({
      admin: person(a.admin_id, emails),
      reason: a.reason,
      at: a.at,
    })),
    frozen_user_ids: paused,
    reports: reports.map((r) => ({
      _id: r.id,
      file_name: r.file_name,
      sha256: r.sha256,
      filed_by: person(r.filed_by, emails),
      filed_at: r.filed_at.toISOString(),
    })),
  };
}
