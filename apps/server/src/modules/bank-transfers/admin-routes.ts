import {
  bankPaidSchema,
  bankReturnSchema,
  PAYOUT_FILE_COLUMNS,
  payoutBatchSchema,
  withdrawalRecordSchema,
  assignCreditSchema,
  bankCreditQuerySchema,
  bankCreditSchema,
  bankStatementResultSchema,
  bankStatementSchema,
  MAX_STATEMENT_BYTES,
  pageQuerySchema,
  refundCreditSchema,
  statementUploadSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { adminActorOf } from '../../lib/request-auth.js';
import { csvDownload } from '../../lib/csv.js';
import {
  csvResponses,
  ok,
  okPage,
  pagedResponses,
  recordIdParams,
  responses,
} from '../../lib/route-schema.js';
import { toWithdrawalDto } from '../withdrawals/dto.js';
import {
  markPaid,
  payoutBatches,
  payoutFile,
  recordReturn,
  requestBatchResend,
  resendBatch,
} from './payouts.js';
import type { RouteGroup } from '../route-group.js';
import {
  assignCredit,
  creditsByStatus,
  refundCredit,
  statementResult,
  statements,
} from './admin-service.js';
import { uploadStatement } from './reconcile.js';

/**
 * Reconciliation of the rupee collection account, under /admin/bank-transfers: statements
 * uploaded and what each credit became, the credits waiting for an admin, assigning and refunding.
 */
export const adminBankTransferRoutes: RouteGroup = {
  prefix: '/admin/bank-transfers',
  access: 'admin',
  routes: async (app, { market }) => {
    const evidenceOf = (symbol: string) => market.evidence(symbol);
    const page = (q: { page: number; page_size: number }) => ({
      page: q.page,
      pageSize: q.page_size,
    });

    app.post('/statements', {
      // The statement's CSV travels in the JSON body: larger than the API's usual limit.
      bodyLimit: MAX_STATEMENT_BYTES * 2,
      schema: {
        summary:
          'Upload the collection account’s statement (CSV, standard or HDFC layout) and match its credits with the claims',
        body: statementUploadSchema,
        response: responses({ 201: bankStatementResultSchema }),
      },
      handler: async (request, reply) => {
        const id = await uploadStatement(app.ctx, evidenceOf, adminActorOf(request), request.body);
        void reply.status(201);
        return ok(201, 'Statement reconciled', await statementResult(app.ctx, id));
      },
    });

    app.get('/statements', {
      schema: {
        summary: 'Statements uploaded, newest first, with their credits counted by outcome',
        querystring: pageQuerySchema,
        response: pagedResponses(z.array(bankStatementSchema)),
      },
      handler: async (request) => {
        const { data, total } = await statements(app.ctx, page(request.query));
        return okPage(data, total);
      },
    });

    app.get('/statements/:id', {
      schema: {
        summary: 'One statement and what became of each credit',
        params: recordIdParams,
        response: responses({ 200: bankStatementResultSchema }),
      },
      handler: async (request) => ok(200, 'OK', await statementResult(app.ctx, request.params.id)),
    });

    app.get('/credits', {
      schema: {
        summary: 'Bank credits by outcome, oldest first (unclaimed by default)',
        querystring: bankCreditQuerySchema,
        response: pagedResponses(z.array(bankCreditSchema)),
      },
      handler: async (request) => {
        const { data, total } = await creditsByStatus(
          app.ctx,
          request.query.status,
          page(request.query),
        );
        return okPage(data, total);
      },
    });

    app.post('/credits/:id/assign', {
      schema: {
        summary: 'Give an unclaimed credit to the user who paid it from a verified account',
        params: recordIdParams,
        body: assignCreditSchema,
        response: responses({ 200: bankCreditSchema }),
      },
      handler: async (request) => {
        const credit = await assignCredit(
          app.ctx,
          evidenceOf,
          adminActorOf(request),
          request.params.id,
          request.body,
        );
        return ok(200, 'Credit assigned', credit);
      },
    });

    app.post('/credits/:id/refund', {
      schema: {
        summary: 'Record that a credit was sent back to its sender, with the refund’s UTR',
        params: recordIdParams,
        body: refundCreditSchema,
        response: responses({ 200: bankCreditSchema }),
      },
      handler: async (request) => {
        const credit = await refundCredit(
          app.ctx,
          adminActorOf(request),
          request.params.id,
          request.body.refund_utr,
        );
        return ok(200, 'Refund recorded', credit);
      },
    });

    app.get('/payout-file', {
      schema: {
        summary:
          'The bulk payout file (CSV) of the approved rupee withdrawals not sent yet: they are marked sent in a new batch; the export is audited',
        response: csvResponses(PAYOUT_FILE_COLUMNS),
      },
      handler: async (request, reply) => {
        const csv = await payoutFile(app.ctx, adminActorOf(request));
        const day = app.ctx.now().toISOString().slice(0, 10);
        return csvDownload(reply, `inr-payouts-${day}.csv`, csv);
      },
    });

    app.get('/payout-batches', {
      schema: {
        summary: 'The payout file’s batches, newest first, with their rows still open',
        querystring: pageQuerySchema,
        response: pagedResponses(z.array(payoutBatchSchema)),
      },
      handler: async (request) => {
        const { data, total } = await payoutBatches(app.ctx, page(request.query));
        return okPage(data, total);
      },
    });

    app.post('/payout-batches/:id/resend', {
      schema: {
        summary: 'Ask to send a batch to the bank again: a different admin then downloads it',
        params: recordIdParams,
        response: responses({ 200: z.object({}) }),
      },
      handler: async (request) => {
        await requestBatchResend(app.ctx, adminActorOf(request), request.params.id);
        return ok(200, 'Re-send requested: a second admin downloads the batch', {});
      },
    });

    app.get('/payout-batches/:id/file', {
      schema: {
        summary:
          'A batch again (CSV), its rows neither paid nor returned: only for an admin other than the one who asked; audited',
        params: recordIdParams,
        response: csvResponses(PAYOUT_FILE_COLUMNS),
      },
      handler: async (request, reply) => {
        const csv = await resendBatch(app.ctx, adminActorOf(request), request.params.id);
        return csvDownload(reply, `inr-payouts-resend-${request.params.id}.csv`, csv);
      },
    });

    app.post('/withdrawals/:id/returned', {
      schema: {
        summary:
          'Record the bank’s failure report of a sent payout (its return reference): once two admins did, it can be rejected',
        params: recordIdParams,
        body: bankReturnSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await recordReturn(
          app.ctx,
          adminActorOf(request),
          request.params.id,
          request.body.reference,
        );
        return ok(
          200,
          'Bank return recorded',
          toWithdrawalDto(record, app.ctx.core.tokens.get(record.tokenId)),
        );
      },
    });

    app.post('/withdrawals/:id/paid', {
      schema: {
        summary: 'Mark an approved rupee withdrawal paid, with the bank’s UTR',
        params: recordIdParams,
        body: bankPaidSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await markPaid(
          app.ctx,
          adminActorOf(request),
          request.params.id,
          request.body.utr,
        );
        return ok(
          200,
          'Withdrawal paid',
          toWithdrawalDto(record, app.ctx.core.tokens.get(record.tokenId)),
        );
      },
    });
  },
};
