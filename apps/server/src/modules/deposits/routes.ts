import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import {
  DEPOSIT_STATUSES,
  depositRecordSchema,
  depositRequestSchema,
  NETWORKS,
  pageQuerySchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { toDepositDto } from './dto.js';
import { depositHistory, submitDeposit, userDepositAddress } from './service.js';

const tags = ['deposits'];
const security = [{ bearer: [] }];
/** Also callable with a signed API key of the route's scope. */
const keyed = [...security, API_KEY_SECURITY];
const addressSchema = z.object({ network: z.enum(NETWORKS), address: z.string() });

/** A user's deposit addresses, deposit claims and deposit history. */
export const depositRoutes: RouteGroup = {
  prefix: '',
  access: 'user',
  routes: async (app) => {
    app.get('/deposit-wallets', {
      schema: {
        tags,
        security: keyed,
        summary: 'Your deposit address (Ethereum) and the one for each network',
        response: responses({ 200: addressSchema.extend({ networks: z.array(addressSchema) }) }),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const userId = authOf(request).userId;
        // One HD address serves every EVM network; the list says so per network.
        const address = await userDepositAddress(app.ctx, userId, 'ethereum');
        const networks = NETWORKS.map((network) => ({ network, address }));
        return ok(200, 'OK', { network: 'ethereum' as const, address, networks });
      },
    });

    app.get('/wallets/deposit', {
      schema: {
        tags,
        security: keyed,
        summary: 'Your deposit address on one network',
        querystring: z.object({ network: z.enum(NETWORKS).default('ethereum') }),
        response: responses({ 200: addressSchema }),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const { network } = request.query;
        return ok(200, 'OK', {
          network,
          address: await userDepositAddress(app.ctx, authOf(request).userId, network),
        });
      },
    });

    app.get('/wallets/deposit/history', {
      schema: {
        tags,
        security: keyed,
        summary: 'Deposits, newest first',
        querystring: pageQuerySchema.extend({ status: z.enum(DEPOSIT_STATUSES).optional() }),
        response: pagedResponses(z.array(depositRecordSchema)),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const { page, page_size, status } = request.query;
        const { data, total } = await depositHistory(
          app.ctx,
          authOf(request).userId,
          { page, pageSize: page_size },
          status,
        );
        return okPage(data, total);
      },
    });

    app.post('/transactions/deposit/verify', {
      schema: {
        tags,
        security,
        summary:
          'Submit a deposit: checked on chain where an RPC endpoint is configured, else by an admin',
        body: depositRequestSchema,
        response: responses({ 200: depositRecordSchema }),
      },
      handler: async (request) => {
        const record = await submitDeposit(app.ctx, authOf(request).userId, request.body);
        const message =
          record.status === 'confirmed'
            ? 'Deposit credited to your funding wallet'
            : 'Deposit submitted; it will be credited once confirmed';
        return ok(200, message, toDepositDto(record, app.ctx.core.tokens.get(record.tokenId)));
      },
    });
  },
};
