import { bankAccountRequestSchema, bankAccountSchema } from '@exchange/contracts';
import { z } from 'zod';
import { ok, recordIdParams, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import type { RouteGroup } from '../route-group.js';
import { addBankAccount, listBankAccounts, removeBankAccount } from './service.js';

const tags = ['bank accounts'];

/** A user's own bank accounts: where rupees come from and go to, once an admin verified them. */
export const bankAccountRoutes: RouteGroup = {
  prefix: '/bank-accounts',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags,
        summary: 'My bank accounts (account numbers masked)',
        response: responses({ 200: z.array(bankAccountSchema) }),
      },
      handler: async (request) =>
        ok(200, 'OK', await listBankAccounts(app.ctx, authOf(request).userId)),
    });

    app.post('', {
      schema: {
        tags,
        summary:
          'Add a bank account in the verified identity’s name; verified once the bank returns that name (penny drop)',
        body: bankAccountRequestSchema,
        response: responses({ 201: bankAccountSchema }),
      },
      handler: async (request, reply) => {
        const account = await addBankAccount(
          app.ctx,
          authOf(request).userId,
          request.body,
          originOf(request),
        );
        void reply.status(201);
        return ok(201, 'Bank account added: it can be used once verified', account);
      },
    });

    app.delete('/:id', {
      schema: {
        tags,
        summary: 'Remove one of my bank accounts',
        params: recordIdParams,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await removeBankAccount(app.ctx, authOf(request).userId, request.params.id);
        return ok(200, 'Bank account removed', null);
      },
    });
  },
};
