import {
  cancelLinkSchema,
  confirmLinkSchema,
  withdrawalRecordSchema,
  WITHDRAWAL_CONTROL_MESSAGES as M,
} from '@exchange/contracts';
import { originOf } from '../../lib/request-origin.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import {
  cancelByLink,
  confirmByLink,
  withdrawalOfCancelLink,
  withdrawalToConfirm,
} from './service.js';

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

/**
 * A withdrawal mail's confirm link (walk-4 W4-4), under /withdrawal-confirm, without signing in:
 * the secret in the link is the authority, as it is for the cancel link; it proves the mailbox of
 * a user whose password alone asked for the withdrawal. GET only shows what it would confirm (mail
 * scanners open links); POST confirms, once, and the withdrawal goes to review.
 */
export const confirmLinkRoutes: RouteGroup = {
  prefix: '/withdrawal-confirm',
  access: 'public',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags,
        summary: "The withdrawal a mail's confirm link would confirm; nothing changes",
        querystring: confirmLinkSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await withdrawalToConfirm(app.ctx, request.query.token)),
    });

    app.post('', {
      schema: {
        tags,
        summary:
          "Confirm a withdrawal to a new address with its mail's link (single use, expires after 30 minutes); it then waits for review",
        body: confirmLinkSchema,
        response: responses({ 200: withdrawalRecordSchema }),
      },
      handler: async (request) => {
        const record = await confirmByLink(app.ctx, request.body.token);
        return ok(200, M.confirmed, record);
      },
    });
  },
};
