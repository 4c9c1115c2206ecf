import {
  optionalStepUpSchema,
  recoveryCodesDataSchema,
  securityStatusSchema,
  totpCodeRequestSchema,
  totpSetupDataSchema,
  TWO_FACTOR_MESSAGES,
} from '@exchange/contracts';
import { z } from 'zod';
import { authOf } from '../../lib/request-auth.js';
import { originOf } from '../../lib/request-origin.js';
import { ok, responses } from '../../lib/route-schema.js';
import { passkeysOf } from '../passkeys/service.js';
import type { RouteGroup } from '../route-group.js';
import { notifySecurityEvent } from '../security-notices/service.js';
import { unusedRecoveryCodes } from './repository.js';
import {
  confirmTotpSetup,
  disableTotp,
  renewRecoveryCodes,
  secondFactors,
  startTotpSetup,
} from './service.js';

const tags = ['security'];
/** How a notice names the method. */
const APP = 'authenticator app';
const security = [{ bearer: [] }];

/** The signed-in user's second factors: the authenticator app and its recovery codes. */
export const securityRoutes: RouteGroup = {
  prefix: '/security',
  access: 'user',
  routes: async (app) => {
    const { ctx } = app;

    app.get('', {
      schema: {
        tags,
        security,
        summary: 'Second factors: authenticator app on or off, recovery codes left, passkeys',
        response: responses({ 200: securityStatusSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const { totp } = await secondFactors(ctx.db, userId);
        return ok(200, 'OK', {
          totp_enabled: totp,
          recovery_codes_left: totp ? await unusedRecoveryCodes(ctx.db, userId) : 0,
          passkeys: await passkeysOf(ctx, userId),
        });
      },
    });

    app.post('/totp/setup', {
      schema: {
        tags,
        security,
        summary: 'Start setting up an authenticator app: a new secret and its otpauth URI',
        description:
          'Nothing changes until `POST /security/totp/enable` confirms it with a code. An account ' +
          'with passkeys confirms the start with one (`passkey_response`, to ' +
          '`POST /security/passkeys/step-up-options`): 403 SECOND_FACTOR_REQUIRED without it. ' +
          'A passkey added after the start voids the setup.',
        body: optionalStepUpSchema,
        response: responses({ 200: totpSetupDataSchema }),
      },
      handler: async (request) =>
        ok(200, TWO_FACTOR_MESSAGES.totpScan, {
          ...(await startTotpSetup(ctx, authOf(request).userId, request.body)),
        }),
    });

    app.post('/totp/enable', {
      schema: {
        tags,
        security,
        summary: 'Turn the authenticator app on with its first code; answers ten recovery codes',
        description:
          'The recovery codes are shown only in this answer. Five wrong codes pause the second ' +
          'factor for 15 minutes (429 SECOND_FACTOR_LOCKED with `data.retry_after_seconds`).',
        body: totpCodeRequestSchema,
        response: responses({ 200: recoveryCodesDataSchema }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        const data = await confirmTotpSetup(ctx, userId, request.body.code);
        notifySecurityEvent(
          ctx,
          userId,
          { type: 'second_factor_added', method: APP },
          originOf(request),
        );
        return ok(200, TWO_FACTOR_MESSAGES.totpOn, data);
      },
    });

    app.post('/totp/disable', {
      schema: {
        tags,
        security,
        summary: 'Turn the authenticator app off with a code (or a recovery code)',
        body: totpCodeRequestSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        const { userId } = authOf(request);
        await disableTotp(ctx, userId, request.body.code);
        notifySecurityEvent(
          ctx,
          userId,
          { type: 'second_factor_removed', method: APP },
          originOf(request),
        );
        return ok(200, TWO_FACTOR_MESSAGES.totpOff, null);
      },
    });

    app.post('/recovery-codes', {
      schema: {
        tags,
        security,
        summary: 'Ten new recovery codes for a code; the old ones stop working',
        body: totpCodeRequestSchema,
        response: responses({ 200: recoveryCodesDataSchema }),
      },
      handler: async (request) => {
        const data = await renewRecoveryCodes(ctx, authOf(request).userId, request.body.code);
        return ok(200, TWO_FACTOR_MESSAGES.recoveryCodesMade, data);
      },
    });
  },
};
