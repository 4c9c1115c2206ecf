import { createHash } from 'node:crypto';
import { AML_MESSAGES as M, type AmlCaseDetail, type AmlStrRequest } from '@exchange/contracts';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../lib/app-error.js';
import type { AdminActor } from '../../../lib/request-auth.js';
import { pausedAmong } from '../../withdrawal-pause/service.js';
import { auditCase } from '../cases/case-service.js';
import { caseDetail } from '../cases/case-view.js';
import {
  addCaseEvent,
  caseById,
  insertReport,
  nextBatchNumber,
  reportById,
} from '../repository.js';
import { finnetStrXml } from './finnet-str.js';
import { strAccountOf } from './str-gather.js';
import { checkStr } from './str-fields.js';

/**
 * Files a suspicious-transaction report from a case (PMLA section 12, within seven days of the
 * conclusion): the FINnet 2.0 XML built from the case and its accounts' records, checked against
 * the field list, kept with the case (never deleted: five years after the account closes), with
 * who filed it and when in the case's history and the audit trail. PANs are decrypted for it.
 */
export async function fileStr(
  ctx: AppContext,
  admin: AdminActor,
  caseId: string,
  body: AmlStrRequest,
): Promise<AmlCaseDetail> {
  const row = await caseById(ctx.db, caseId);
  if (!row) throw new AppError('NOT_FOUND', 'Case not found');
  const frozen = new Set(await pausedAmong(ctx.db, row.user_ids));
  const accounts = await Promise.all(
    row.user_ids.map((id) =>
      strAccountOf(ctx, id, { high: row.risk === 'high', frozen: frozen.has(id) }),
    ),
  );
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const batchNumber = await nextBatchNumber(trx);
    const xml = finnetStrXml({
      entity: ctx.config.aml.reportingEntity,
      batchNumber,
      date: now,
      alertIndicators: [`${row.rule}: ${row.summary}`],
      grounds: body.grounds,
      investigation: body.investigation,
      priority: row.risk === 'high' ? 'P1' : 'P2',
      accounts,
    });
    const problems = checkStr(xml);
    if (problems.length > 0) throw new AppError('CONFLICT', M.strIncomplete, { problems });
    const fileName = `STR_ARF_${String(batchNumber).padStart(8, '0')}.xml`;
    const sha256 = createHash('sha256').update(xml).digest('hex');
    const report = await insertReport(trx, {
      case_id: caseId,
      file_name: fileName,
      content: xml,
      sha256,
      filed_by: admin.adminId,
      filed_at: now,
    });
    const text = `${fileName} sha256 ${sha256}`;
    await addCaseEvent(trx, {
      case_id: caseId,
      kind: 'str_filed',
      admin_id: admin.adminId,
      text,
      created_at: now,
    });
    await auditCase(trx, admin, row, 'aml_case.str_filed', now, {
      before: null,
      after: { report_id: report.id, file_name: fileName, sha256, pans_decrypted: true },
    });
  });
  return caseDetail(ctx, caseId);
}

/** A filed report's file, as it was stored. */
export async function strFile(ctx: AppContext, caseId: string, reportId: string) {
  const report = await reportById(ctx.db, caseId, reportId);
  if (!report) throw new AppError('NOT_FOUND', 'Report not found');
  return { fileName: report.file_name, content: report.content };
}
