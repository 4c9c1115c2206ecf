import { API_KEY_SECURITY } from '../../lib/api-key-docs.js';
import {
  pageQuerySchema,
  transferRequestSchema,
  WALLET_TYPES,
  walletGroupSchema,
  balanceSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { ok, okPage, pagedResponses, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import type { RouteGroup } from '../route-group.js';
import { answerOnce, checkIdempotencyKey, IDEMPOTENCY_DOC } from '../idempotency/service.js';
import { tokenBalance, transferFunds, walletGroups, walletList } from './service.js';

const tags = ['wallets'];
const security = [{ bearer: [] }];
/** Also callable with a signed API key of the route's scope. */
const keyed = [...security, API_KEY_SECURITY];
const walletPage = pageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(500).default(100),
});
const walletRow = balanceSchema.extend({
  token_id: z.string(),
  short_name: z.string(),
  name: z.string(),
});

/** A user's balances and transfers between their own spot and funding wallets. */
export const walletRoutes: RouteGroup = {
  prefix: '',
  access: 'user',
  routes: async (app) => {
    app.get('/wallets', {
      schema: {
        tags,
        security: keyed,
        summary: 'Balances per token, spot and funding',
        querystring: walletPage.extend({
          wallet_type: z.enum(WALLET_TYPES).optional(),
          token_id: z.string().optional(),
        }),
        response: pagedResponses(z.array(walletGroupSchema)),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const q = request.query;
        const { data, total } = await walletGroups(app.ctx, authOf(request).userId, {
          walletType: q.wallet_type,
          tokenId: q.token_id,
          page: q.page,
          pageSize: q.page_size,
        });
        return okPage(data, total);
      },
    });

    app.get('/wallets/:walletType', {
      schema: {
        tags,
        security: keyed,
        summary: "One wallet's balances",
        params: z.object({ walletType: z.enum(WALLET_TYPES) }),
        querystring: walletPage,
        response: pagedResponses(z.array(walletRow)),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) => {
        const { page, page_size } = request.query;
        const { data, total } = await walletList(
          app.ctx,
          authOf(request).userId,
          request.params.walletType,
          { page, pageSize: page_size },
        );
        return okPage(data, total);
      },
    });

    app.get('/balances/:tokenId', {
      schema: {
        tags,
        security: keyed,
        summary: 'One token balance in one wallet',
        params: z.object({ tokenId: z.string() }),
        querystring: z.object({ wallet_type: z.enum(WALLET_TYPES).default('spot') }),
        response: responses({ 200: walletRow }),
      },
      config: { apiKeyScope: 'read' },
      handler: async (request) =>
        ok(
          200,
          'OK',
          await tokenBalance(
            app.ctx,
            authOf(request).userId,
            request.params.tokenId,
            request.query.wallet_type,
          ),
        ),
    });

    app.post('/wallets/transfer', {
      schema: {
        tags,
        security,
        summary: 'Move funds between your spot and funding wallets',
        description: IDEMPOTENCY_DOC,
        body: transferRequestSchema,
        response: responses({ 200: z.null() }),
      },
      preHandler: checkIdempotencyKey(app.ctx),
      handler: async (request, reply) =>
        answerOnce(
          app.ctx,
          request,
          reply,
          () => ({ status: 200, body: ok(200, 'Transfer successful', null) }),
          (idempotency) =>
            transferFunds(app.ctx, authOf(request).userId, request.body, idempotency),
        ),
    });
  },
};
