import {
  activeSessionSchema,
  loggedOutSessionsSchema,
  sessionIdParamsSchema,
} from '@exchange/contracts';
import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf, sessionOf } from '../../lib/request-auth.js';
import { languageOf } from '../../lib/request-origin.js';
import type { RouteGroup } from '../route-group.js';
import { clearDeviceCookie } from '../login-history/device-cookie.js';
import { activeSessions, endOtherSessions, endSession, logout } from './service.js';

const tags = ['auth'];
const security = [{ bearer: [] }];

/** The /auth calls made with a session: listing and ending sessions. */
export const sessionRoutes: RouteGroup = {
  prefix: '/auth',
  access: 'user',
  cookies: true,
  routes: async (app) => {
    app.post('/logout', {
      schema: {
        tags,
        summary: 'Revoke the current session',
        security,
        response: responses({ 200: z.null() }),
      },
      handler: async (request, reply) => {
        await logout(app.ctx, sessionOf(request));
        clearDeviceCookie(reply);
        return ok(200, 'Logged out', null);
      },
    });

    app.get('/sessions', {
      schema: {
        tags,
        summary: 'My live sessions (device, address, last seen), the current one marked',
        security,
        response: responses({ 200: z.array(activeSessionSchema) }),
      },
      handler: async (request) =>
        ok(
          200,
          'OK',
          await activeSessions(
            app.ctx,
            authOf(request).userId,
            sessionOf(request),
            languageOf(request),
          ),
        ),
    });

    app.delete('/sessions/:id', {
      schema: {
        tags,
        summary: 'Log out one of my sessions: its token is refused and its sockets close at once',
        security,
        params: sessionIdParamsSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await endSession(app.ctx, authOf(request).userId, request.params.id);
        return ok(200, 'Session logged out', null);
      },
    });

    app.post('/sessions/logout-others', {
      schema: {
        tags,
        summary: 'Log out every session but this one',
        security,
        response: responses({ 200: loggedOutSessionsSchema }),
      },
      handler: async (request) => {
        const ended = await endOtherSessions(app.ctx, authOf(request).userId, sessionOf(request));
        return ok(200, 'Other sessions logged out', { ended });
      },
    });
  },
};
