import {
  adminBankAccountQuerySchema,
  adminBankAccountSchema,
  bankAccountSchema,
  bankValidationResultSchema,
  bankValidationUploadSchema,
  reviewRejectSchema,
  verifyBankAccountSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { ok, okPage, pagedResponses, recordIdParams, responses } from '../../lib/route-schema.js';
import { adminActorOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { bankAccountReviewQueue, decideBankAccount, uploadBankValidation } from './service.js';

/** The bank accounts' verification queue, under /admin/bank-accounts. */
export const adminBankAccountRoutes: RouteGroup = {
  prefix: '/admin/bank-accounts',
  access: 'admin',
  routes: async (app) => {
    app.get('', {
      schema: {
        summary: 'Bank accounts by status, oldest first, with the identity name they must match',
        querystring: adminBankAccountQuerySchema,
        response: pagedResponses(z.array(adminBankAccountSchema)),
      },
      handler: async (request) => {
        const { page, page_size, status } = request.query;
        const { data, total } = await bankAccountReviewQueue(app.ctx, status, {
          page,
          pageSize: page_size,
        });
        return okPage(data, total);
      },
    });

    app.post('/validations', {
      // The CSV travels in the JSON body: larger than the API's usual limit.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        summary:
          'Upload the bank’s validation results (penny drop, UPI ID lookup): the holder names the bank returned',
        description:
          'CSV with the header `account_number,ifsc,vpa,registered_name,account_status,reference`, one account or UPI ID a row (RazorpayX fund account validation, or a bank’s bulk beneficiary validation). An account’s name is stored for its verification; a UPI ID whose name matches the identity is verified, else dropped.',
        body: bankValidationUploadSchema,
        response: responses({ 201: bankValidationResultSchema }),
      },
      handler: async (request, reply) => {
        const result = await uploadBankValidation(app.ctx, adminActorOf(request), request.body);
        void reply.status(201);
        return ok(201, 'Bank validation recorded', result);
      },
    });

    app.post('/:id/verify', {
      schema: {
        summary:
          'Verify a pending bank account the bank validated in the identity’s name, optionally with an uploaded proof',
        params: recordIdParams,
        body: verifyBankAccountSchema,
        response: responses({ 200: bankAccountSchema }),
      },
      handler: async (request) => {
        const account = await decideBankAccount(app.ctx, adminActorOf(request), request.params.id, {
          verify: true,
          proofFileId: request.body.proof_file_id,
        });
        return ok(200, 'Bank account verified', account);
      },
    });

    app.post('/:id/reject', {
      schema: {
        summary: 'Reject a pending bank account with a reason the user sees',
        params: recordIdParams,
        body: reviewRejectSchema,
        response: responses({ 200: bankAccountSchema }),
      },
      handler: async (request) => {
        const account = await decideBankAccount(app.ctx, adminActorOf(request), request.params.id, {
          verify: false,
          reason: request.body.reason,
        });
        return ok(200, 'Bank account rejected', account);
      },
    });
  },
};
