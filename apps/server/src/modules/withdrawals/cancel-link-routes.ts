import {
  cancelLinkSchema,
  withdrawalRecordSchema,
  WITHDRAWAL_CONTROL_MESSAGES as M,
} from '@exchange/contracts';
import { originOf } from '../../lib/request-origin.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { cancelByLink, withdrawalOfCancelLink } from './service.js';

const tags = ['withdrawals'];

/**
 * A withdrawal mail's cancel link, under /withdrawal-cancel, without signing in: the secret in
 * the link is the authority. GET only shows what it would cancel (mail scanners open links);
 * POST cancels, once.
 */
export const cancelLinkRoutes: RouteGroup = {
  prefix: '/withdrawal-cancel',
  access: 'public',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags,
        summary: "The withdrawal a mail's cancel link would cancel; nothing changes",
        querystring: cancelLinkSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await withdrawalOfCancelLink(app.ctx, request.query.token)),
    });

    app.post('', {
      schema: {
        tags,
        summary: "Cancel a withdrawal with its mail's link (single use, expires after 24 hours)",
        body: cancelLinkSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await cancelByLink(app.ctx, request.body.token, originOf(request));
        return ok(200, M.cancelled, record);
      },
    });
  },
};
