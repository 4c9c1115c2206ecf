import { depositRecordSchema, depositRequestSchema, NETWORKS } from '@exchange/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../plugins/authenticate.js';
import { toDepositDto } from '../wallets/dto.js';
import { userDepositAddress } from './addresses.js';
import { submitDeposit } from './service.js';

const tags = ['deposits'];
const security = [{ bearer: [] }];
const addressSchema = z.object({ network: z.enum(NETWORKS), address: z.string() });

export const depositRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/deposit-wallets', {
    schema: {
      tags,
      security,
      summary: 'Your deposit address (Ethereum) and the one for each network',
      response: responses({ 200: addressSchema.extend({ networks: z.array(addressSchema) }) }),
    },
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
      security,
      summary: 'Your deposit address on one network',
      querystring: z.object({ network: z.enum(NETWORKS).default('ethereum') }),
      response: responses({ 200: addressSchema }),
    },
    handler: async (request) => {
      const { network } = request.query;
      return ok(200, 'OK', {
        network,
        address: await userDepositAddress(app.ctx, authOf(request).userId, network),
      });
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
};
