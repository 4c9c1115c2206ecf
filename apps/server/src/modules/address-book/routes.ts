import {
  newWithdrawAddressSchema,
  optionalStepUpSchema,
  withdrawAddressBookSchema,
  withdrawAddressSchema,
  WITHDRAWAL_CONTROL_MESSAGES as M,
  withdrawWhitelistSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import { ok, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { addressBook, removeAddress, saveAddress, setWhitelist } from './service.js';

const tags = ['withdrawals'];
const security = [{ bearer: [] }];

/**
 * The user's withdrawal address book and its whitelist switch, under /withdraw-addresses. Every
 * change is stepped up by the second factor (a session alone changes nothing).
 */
export const addressBookRoutes: RouteGroup = {
  prefix: '/withdraw-addresses',
  access: 'user',
  routes: async (app) => {
    const { ctx } = app;

    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Saved withdrawal addresses, the newest first, and whether the whitelist is on',
        response: responses({ 200: withdrawAddressBookSchema }),
      },
      handler: async (request) => ok(200, 'OK', await addressBook(ctx, authOf(request).userId)),
    });

    app.post('', {
      schema: {
        tags,
        security,
        summary:
          'Save an address (label, network, address); with the whitelist on it is usable 24 hours later',
        body: newWithdrawAddressSchema,
        response: responses({ 200: withdrawAddressSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const saved = await saveAddress(ctx, userId, request.body, originOf(request));
        return ok(200, M.addressAdded, saved);
      },
    });

    app.delete('/:id', {
      schema: {
        tags,
        security,
        summary: 'Remove a saved address',
        params: recordIdParams,
        body: optionalStepUpSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await removeAddress(ctx, authOf(request).userId, request.params.id, request.body);
        return ok(200, M.addressRemoved, null);
      },
    });

    app.put('/whitelist', {
      schema: {
        tags,
        security,
        summary: 'Turn the whitelist on (withdrawals only to saved addresses) or off',
        body: withdrawWhitelistSchema,
        response: responses({ 200: withdrawAddressBookSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const { enabled, ...proof } = request.body;
        await setWhitelist(ctx, userId, enabled, proof, originOf(request));
        const message = enabled ? M.whitelistOn : M.whitelistOff;
        return ok(200, message, await addressBook(ctx, userId));
      },
    });
  },
};
