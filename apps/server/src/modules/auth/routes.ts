import {
  AUTH_MESSAGES,
  forgotPasswordRequestSchema,
  loginAnswerSchema,
  loginDataSchema,
  loginRequestSchema,
  passkeyLoginOptionsSchema,
  passkeyLoginRequestSchema,
  secondFactorLoginRequestSchema,
  otpResendRequestSchema,
  otpValidateDataSchema,
  otpValidateRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  TWO_FACTOR_MESSAGES,
} from '@exchange/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, responses } from '../../lib/route-schema.js';
import { rateLimited } from '../../lib/app-error.js';
import { languageOf, originOf } from '../../lib/request-origin.js';
import { deviceIdOf } from '../login-history/device-cookie.js';
import { loginOptions } from '../passkeys/service.js';
import * as auth from './service.js';
import type { RouteGroup } from '../route-group.js';

/** Where a login comes from: the request's address and user agent, and its device cookie. */
const loginOrigin = (request: FastifyRequest, reply: FastifyReply, production: boolean) => ({
  ...originOf(request),
  deviceId: deviceIdOf(request, reply, production),
});

/** The public /auth calls. They ignore any Authorization header (decision D2). */
export const authRoutes: RouteGroup = {
  prefix: '/auth',
  access: 'public',
  cookies: true,
  routes: async (app) => {
    const { ctx } = app;
    const production = ctx.config.nodeEnv === 'production';
    app.addHook(
      'onRequest',
      app.rateLimit({
        max: ctx.config.rateLimit.authMax,
        timeWindow: 60_000,
        keyGenerator: (request) => `auth:${request.ip}`,
        errorResponseBuilder: (_request, context) => rateLimited(Math.ceil(context.ttl / 1000)),
      }),
    );
    const tags = ['auth'];

    app.post('/register', {
      schema: {
        tags,
        summary: 'Create an account and mail a verification code',
        description:
          'An email that is registered but unverified answers 409 EMAIL_VERIFICATION_PENDING with ' +
          '`data.status = "email_verification_pending"`; the client then asks for a code.',
        body: registerRequestSchema,
        response: responses({ 201: z.null() }),
      },
      handler: async (request, reply) => {
        await auth.register(ctx, request.body, languageOf(request));
        return reply.code(201).send(ok(201, AUTH_MESSAGES.registered, null));
      },
    });

    app.post('/otp/validate', {
      schema: {
        tags,
        summary: 'Check a one-time code',
        description:
          '`registration` verifies the email. `password_reset` answers `data.reset_token`, which ' +
          '`POST /auth/password/reset` takes with the new password within `data.expires_in` ' +
          'seconds. A `registration` of an email that was registered more than once answers a ' +
          '`reset_token` too: no password typed at sign-up is kept, the owner chooses one.',
        body: otpValidateRequestSchema,
        response: responses({ 200: otpValidateDataSchema }),
      },
      handler: async (request) => {
        const data = await auth.validateCode(ctx, request.body);
        // A registration answers a reset token too when the email was registered more than
        // once: the owner then chooses the password (service.ts, register).
        const message =
          request.body.otp_for === 'password_reset'
            ? AUTH_MESSAGES.resetCodeVerified
            : data.reset_token
              ? AUTH_MESSAGES.emailVerifiedChoosePassword
              : AUTH_MESSAGES.emailVerified;
        return ok(200, message, data);
      },
    });

    app.post('/otp/resend', {
      schema: {
        tags,
        summary: 'Mail a new one-time code (10 s apart, 5 an hour)',
        body: otpResendRequestSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await auth.sendCode(ctx, request.body, languageOf(request));
        return ok(200, AUTH_MESSAGES.codeSent, null);
      },
    });

    app.post('/login', {
      schema: {
        tags,
        summary: 'Log in; answers a 24-hour access token, or asks for the second factor',
        description:
          'With an authenticator app or a passkey on, the answer is `second_factor_required: ' +
          'true` with a single-use `challenge_token` (5 minutes) for ' +
          '`POST /auth/login/second-factor`, and the `methods` the account has.',
        body: loginRequestSchema,
        response: responses({ 200: loginAnswerSchema }),
      },
      handler: async (request, reply) => {
        const data = await auth.login(ctx, {
          ...request.body,
          origin: loginOrigin(request, reply, production),
        });
        const message =
          'challenge_token' in data ? TWO_FACTOR_MESSAGES.loginCode : 'Login successful';
        return ok(200, message, data);
      },
    });

    app.post('/login/second-factor', {
      schema: {
        tags,
        summary:
          "The login's second step: the challenge token and an authenticator or recovery code",
        description:
          'A wrong code answers 400 SECOND_FACTOR_INVALID and leaves the challenge usable; five ' +
          'wrong codes pause the second factor for 15 minutes (429 SECOND_FACTOR_LOCKED, ' +
          '`data.retry_after_seconds`). A used or expired challenge answers 400 CHALLENGE_INVALID.',
        body: secondFactorLoginRequestSchema,
        response: responses({ 200: loginDataSchema }),
      },
      handler: async (request, reply) => {
        const data = await auth.secondFactorLogin(ctx, {
          ...request.body,
          origin: loginOrigin(request, reply, production),
        });
        return ok(200, 'Login successful', data);
      },
    });

    app.post('/passkey/options', {
      schema: {
        tags,
        summary:
          'WebAuthn request options for "Log In with Passkey" (a single-use 5-minute challenge)',
        response: responses({ 200: passkeyLoginOptionsSchema }),
      },
      handler: async () => {
        const options = await loginOptions(ctx);
        return ok(200, 'OK', options as unknown as Record<string, unknown>);
      },
    });

    app.post('/passkey/login', {
      schema: {
        tags,
        summary: 'Log in with a passkey (counts as both factors); answers a 24-hour access token',
        body: passkeyLoginRequestSchema,
        response: responses({ 200: loginDataSchema }),
      },
      handler: async (request, reply) => {
        const data = await auth.passkeyLogin(ctx, {
          ...request.body,
          origin: loginOrigin(request, reply, production),
        });
        return ok(200, 'Login successful', data);
      },
    });

    app.post('/password/forgot', {
      schema: {
        tags,
        summary: 'Mail a password_reset code; answers alike whether or not the account exists',
        body: forgotPasswordRequestSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await auth.forgotPassword(ctx, request.body, languageOf(request));
        return ok(200, AUTH_MESSAGES.resetCodeSent, null);
      },
    });

    app.post('/password/reset', {
      schema: {
        tags,
        summary: 'Set a new password with the reset token; ends every session',
        body: resetPasswordRequestSchema,
        response: responses({ 200: z.null() }),
      },
      handler: async (request) => {
        await auth.resetPassword(ctx, request.body, originOf(request));
        return ok(200, AUTH_MESSAGES.passwordReset, null);
      },
    });
  },
};
