import { apiKeySchema, createApiKeyRequestSchema, createdApiKeySchema } from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { ok, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { createApiKey, listApiKeys, revokeUserApiKey } from './service.js';

const tags = ['api-keys'];
const security = [{ bearer: [] }];

/** Managing API keys: with a login only, never with a key (no route here names a key scope). */
export const apiKeyRoutes: RouteGroup = {
  prefix: '/api-keys',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Your API keys, newest first (never their secrets)',
        response: responses({ 200: z.array(apiKeySchema) }),
      },
      handler: async (request) => ok(200, 'OK', await listApiKeys(app.ctx, authOf(request).userId)),
    });

    app.post('', {
      schema: {
        tags,
        security,
        summary:
          'Create an API key: the answer shows its key and secret once; the withdraw scope needs the second factor',
        body: createApiKeyRequestSchema,
        response: responses({ 200: createdApiKeySchema }),
      },
      handler: async (request) =>
        ok(
          200,
          'API key created. Copy the secret now: it is not shown again',
          await createApiKey(app.ctx, authOf(request).userId, request.body),
        ),
    });

    app.delete('/:id', {
      schema: {
        tags,
        security,
        summary: 'Revoke an API key: it stops working at once, and its sockets close',
        params: recordIdParams,
        response: responses({ 200: apiKeySchema }),
      },
      handler: async (request) =>
        ok(
          200,
          'API key revoked',
          await revokeUserApiKey(app.ctx, authOf(request).userId, request.params.id),
        ),
    });
  },
};
