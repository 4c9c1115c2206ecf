import {
  optionalStepUpSchema,
  passkeyLoginOptionsSchema,
  passkeyOptionsSchema,
  passkeyRegisterRequestSchema,
  passkeySchema,
  stepUpSchema,
  TWO_FACTOR_MESSAGES,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import { ok, recordIdParams, responses } from '../../lib/route-schema.js';
import type { RouteGroup } from '../route-group.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { requireSecondFactor } from '../two-factor/service.js';
import {
  confirmPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  stepUpOptions,
} from './service.js';

const tags = ['security'];
const security = [{ bearer: [] }];
const STEP_UP =
  'With the authenticator app on, `two_factor_code` (its code or a recovery code) is required; ' +
  'with passkeys only, `passkey_response` (to `POST /security/passkeys/step-up-options`): ' +
  '403 SECOND_FACTOR_REQUIRED without it.';

/** The signed-in user's passkeys: register, remove (listed by GET /security). */
export const passkeyRoutes: RouteGroup = {
  prefix: '/security/passkeys',
  access: 'user',
  routes: async (app) => {
    const { ctx } = app;

    app.post('/options', {
      schema: {
        tags,
        security,
        summary: 'WebAuthn creation options for a new passkey (a single-use 5-minute challenge)',
        response: responses({ 200: passkeyOptionsSchema }),
      },
      handler: async (request) => {
        const options = await registrationOptions(ctx, authOf(request).userId);
        return ok(200, 'OK', options as unknown as Record<string, unknown>);
      },
    });

    app.post('/step-up-options', {
      schema: {
        tags,
        security,
        summary: "WebAuthn request options to confirm a step-up with one of the user's passkeys",
        response: responses({ 200: passkeyLoginOptionsSchema }),
      },
      handler: async (request) => {
        const options = await stepUpOptions(ctx, authOf(request).userId);
        return ok(200, 'OK', options as unknown as Record<string, unknown>);
      },
    });

    app.post('', {
      schema: {
        tags,
        security,
        summary: 'Register a passkey from navigator.credentials.create',
        description: STEP_UP,
        body: passkeyRegisterRequestSchema,
        response: responses({ 201: passkeySchema }),
      },
      handler: async (request, reply) => {
        const { userId } = authOf(request);
        const { name, response } = request.body;
        await requireSecondFactor(ctx, userId, request.body);
        const passkey = await registerPasskey(ctx, userId, name, response);
        const method = `passkey “${passkey.name}”`;
        notifySecurityEvent(
          ctx,
          userId,
          { type: 'second_factor_added', method },
          originOf(request),
        );
        return reply.code(201).send(ok(201, TWO_FACTOR_MESSAGES.passkeyAdded, passkey));
      },
    });

    app.post('/:id/remove', {
      schema: {
        tags,
        security,
        summary: 'Remove one of your passkeys',
        description: STEP_UP,
        params: recordIdParams,
        body: stepUpSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        await requireSecondFactor(ctx, userId, request.body);
        const removed = await removePasskey(ctx, userId, request.params.id);
        const method = `passkey “${removed.name}”`;
        notifySecurityEvent(
          ctx,
          userId,
          { type: 'second_factor_removed', method },
          originOf(request),
        );
        return ok(200, TWO_FACTOR_MESSAGES.passkeyRemoved, null);
      },
    });

    app.post('/:id/confirm', {
      schema: {
        tags,
        security,
        summary: 'Keep a passkey that a password reset suspended',
        description: `A passkey added in the 7 days before a password reset signs nothing until confirmed here. ${STEP_UP}`,
        params: recordIdParams,
        body: optionalStepUpSchema,
        response: responses({ 200: passkeySchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        await requireSecondFactor(ctx, userId, request.body);
        const passkey = await confirmPasskey(ctx, userId, request.params.id);
        const method = `passkey “${passkey.name}” (confirmed after the password reset)`;
        notifySecurityEvent(
          ctx,
          userId,
          { type: 'second_factor_added', method },
          originOf(request),
        );
        return ok(200, TWO_FACTOR_MESSAGES.passkeyConfirmed, passkey);
      },
    });
  },
};
