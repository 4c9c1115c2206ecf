import {
  DEPOSIT_STATUSES,
  depositRecordSchema,
  pageQuerySchema,
  WITHDRAWAL_STATUSES,
  withdrawalRecordSchema,
} from '@exchange/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmDeposit,
  rejectDeposit,
  approveWithdrawal,
  rejectWithdrawal,
} from '../../core/wallet-commands.js';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { authOf } from '../../plugins/authenticate.js';
import { toDepositDto, toWithdrawalDto } from '../wallets/dto.js';
import { adminDeposits, adminWithdrawals } from './funds-service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: z.uuid({ error: 'Unknown id' }) });
const reasonBody = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, { error: 'A reason is required' })
    .max(500),
});
const txHashBody = z.object({
  tx_hash: z.string({ error: 'Transaction hash is required' }).regex(/^0x[0-9a-fA-F]{64}$/, {
    error: 'Enter a valid transaction hash (0x followed by 64 hex digits)',
  }),
});
const withUser = { user: z.object({ _id: z.string(), email: z.string() }) };
const adminDeposit = depositRecordSchema.extend(withUser);
const adminWithdrawal = withdrawalRecordSchema.extend(withUser);

/** Deposits waiting for a decision, and withdrawals to pay out or refuse. Every decision is recorded. */
export const adminFundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sequencer, tokens } = app.ctx.core;

  app.get('/deposits', {
    schema: {
      tags,
      security,
      summary: 'Deposits by status',
      querystring: pageQuerySchema.extend({ status: z.enum(DEPOSIT_STATUSES).optional() }),
      response: pagedResponses(z.array(adminDeposit)),
    },
    handler: async (request) => {
      const { page, page_size, status } = request.query;
      const { data, total } = await adminDeposits(app.ctx, { page, pageSize: page_size }, status);
      return okPage(data, total);
    },
  });

  app.post('/deposits/:id/confirm', {
    schema: {
      tags,
      security,
      summary: 'Credit a pending deposit',
      params: idParams,
      response: responses({ 200: depositRecordSchema }),
    },
    handler: async (request) => {
      const record = await sequencer.submit(
        confirmDeposit({ adminId: authOf(request).userId, id: request.params.id }),
      );
      return ok(200, 'Deposit confirmed', toDepositDto(record, tokens.get(record.tokenId)));
    },
  });

  app.post('/deposits/:id/reject', {
    schema: {
      tags,
      security,
      summary: 'Refuse a pending deposit',
      params: idParams,
      body: reasonBody,
      response: responses({ 200: depositRecordSchema }),
    },
    handler: async (request) => {
      const record = await sequencer.submit(
        rejectDeposit({
          adminId: authOf(request).userId,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
      return ok(200, 'Deposit rejected', toDepositDto(record, tokens.get(record.tokenId)));
    },
  });

  app.get('/withdrawals', {
    schema: {
      tags,
      security,
      summary: 'Withdrawals by status',
      querystring: pageQuerySchema.extend({ status: z.enum(WITHDRAWAL_STATUSES).optional() }),
      response: pagedResponses(z.array(adminWithdrawal)),
    },
    handler: async (request) => {
      const { page, page_size, status } = request.query;
      const { data, total } = await adminWithdrawals(
        app.ctx,
        { page, pageSize: page_size },
        status,
      );
      return okPage(data, total);
    },
  });

  app.post('/withdrawals/:id/approve', {
    schema: {
      tags,
      security,
      summary: 'Mark a withdrawal paid, with the hash of the payout transaction',
      params: idParams,
      body: txHashBody,
      response: responses({ 200: withdrawalRecordSchema }),
    },
    handler: async (request) => {
      const record = await sequencer.submit(
        approveWithdrawal({
          adminId: authOf(request).userId,
          id: request.params.id,
          txHash: request.body.tx_hash.toLowerCase(),
        }),
      );
      return ok(200, 'Withdrawal approved', toWithdrawalDto(record, tokens.get(record.tokenId)));
    },
  });

  app.post('/withdrawals/:id/reject', {
    schema: {
      tags,
      security,
      summary: 'Refuse a withdrawal: the held amount returns to the funding wallet',
      params: idParams,
      body: reasonBody,
      response: responses({ 200: withdrawalRecordSchema }),
    },
    handler: async (request) => {
      const record = await sequencer.submit(
        rejectWithdrawal({
          adminId: authOf(request).userId,
          id: request.params.id,
          reason: request.body.reason,
        }),
      );
      return ok(200, 'Withdrawal rejected', toWithdrawalDto(record, tokens.get(record.tokenId)));
    },
  });
};
