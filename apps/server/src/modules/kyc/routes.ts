import {
  aadhaarCheckSchema,
  KYC_MESSAGES as M,
  verificationRequestSchema,
  verificationSubmittedSchema,
} from '@exchange/contracts';
import { ok, responses } from '../../lib/route-schema.js';
import { authOf } from '../../lib/request-auth.js';
import { z } from 'zod';
import { checkAadhaar, NUMBER_TRIES_PER_DAY, submitVerification } from './service.js';
import type { RouteGroup } from '../route-group.js';

/** The user's side of identity verification; registered under /users/verification. */
export const verificationRoutes: RouteGroup = {
  prefix: '/users/verification',
  access: 'user',
  routes: async (app) => {
    app.post('/aadhaar', {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: 'Check an Aadhaar number before uploading its images (step 1)',
        description:
          'Its form only: whether another account holds it is never said (the admin reviewing ' +
          `the request sees it). With the submissions, at most ${NUMBER_TRIES_PER_DAY} identity numbers a day (429).`,
        body: aadhaarCheckSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await checkAadhaar(app.ctx, authOf(request).userId);
        return ok(200, 'OK', null);
      },
    });

    app.post('/request', {
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: 'Submit Aadhaar and PAN for identity verification',
        description:
          'Image fields are ids from POST /files/upload/multiple, owned by the caller. Allowed when ' +
          'there is no request yet or the last one was rejected.',
        body: verificationRequestSchema,
        response: responses({ 201: verificationSubmittedSchema }),
      },
      handler: async (request, reply) => {
        const result = await submitVerification(app.ctx, authOf(request).userId, request.body);
        return reply.code(201).send(ok(201, M.submitted, result));
      },
    });
  },
};
