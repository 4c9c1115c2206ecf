import {
  languageRequestSchema,
  numberGroupingRequestSchema,
  userProfileSchema,
} from '@exchange/contracts';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { getProfile, setLanguage, setNumberGrouping } from './service.js';
import type { RouteGroup } from '../route-group.js';

export const userRoutes: RouteGroup = {
  prefix: '/users',
  access: 'user',
  routes: async (app) => {
    app.get('', {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's profile",
        security: [{ bearer: [] }],
        response: responses({ 200: userProfileSchema }),
      },
      handler: async (request) =>
        ok(200, 'OK', await getProfile(app.ctx.db, authOf(request).userId, app.ctx.now())),
    });

    app.put('/language', {
      schema: {
        tags: ['users'],
        summary: "Save the signed-in user's language for the app and their mails (issue 36)",
        security: [{ bearer: [] }],
        body: languageRequestSchema,
        response: responses({ 200: userProfileSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        await setLanguage(app.ctx.db, userId, request.body.language, app.ctx.now());
        return ok(200, 'Language saved', await getProfile(app.ctx.db, userId, app.ctx.now()));
      },
    });

    app.put('/number-grouping', {
      schema: {
        tags: ['users'],
        summary:
          "Save how the signed-in user's amounts and prices group digits: Indian or international (issue 36)",
        security: [{ bearer: [] }],
        body: numberGroupingRequestSchema,
        response: responses({ 200: userProfileSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        await setNumberGrouping(app.ctx.db, userId, request.body.number_grouping, app.ctx.now());
        return ok(
          200,
          'Number grouping saved',
          await getProfile(app.ctx.db, userId, app.ctx.now()),
        );
      },
    });
  },
};
