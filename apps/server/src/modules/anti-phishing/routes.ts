import { antiPhishingSchema, WITHDRAWAL_CONTROL_MESSAGES as M } from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import { ok, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { setAntiPhishingCode } from './service.js';

/** The anti-phishing code, under /security/anti-phishing (the profile shows it). */
export const antiPhishingRoutes: RouteGroup = {
  prefix: '/security/anti-phishing',
  access: 'user',
  routes: async (app) => {
    app.put('', {
      schema: {
        tags: ['security'],
        security: [{ bearer: [] }],
        summary:
          'Set the code shown at the top of every mail we send you (4 to 20 letters or digits); empty removes it',
        body: antiPhishingSchema,
        response: responses({ 200: z.object({ anti_phishing_code: z.string().nullable() }) }),
      },
      handler: async (request) => {
        const { code, ...proof } = request.body;
        const value = await setAntiPhishingCode(
          app.ctx,
          authOf(request).userId,
          code,
          proof,
          originOf(request),
        );
        return ok(200, value ? M.antiPhishingSet : M.antiPhishingRemoved, {
          anti_phishing_code: value,
        });
      },
    });
  },
};
