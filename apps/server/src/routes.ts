import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { API_KEY_HEADERS } from '@exchange/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { Config } from './config/env.js';
import { allowedMethodsOf } from './lib/allowed-methods.js';
import { adminAuditLogRoutes } from './modules/admin/admin-routes.js';
import { adminAmlRoutes } from './modules/aml/admin-routes.js';
import { withdrawalPauseRoutes } from './modules/withdrawal-pause/routes.js';
import { apiKeyRoutes } from './modules/api-keys/routes.js';
import { adminBankAccountRoutes } from './modules/bank-accounts/admin-routes.js';
import { bankAccountRoutes } from './modules/bank-accounts/routes.js';
import { adminBankTransferRoutes } from './modules/bank-transfers/admin-routes.js';
import { rupeeRoutes } from './modules/bank-transfers/routes.js';
import { adminAuditRoutes } from './modules/audit/admin-routes.js';
import { passwordChangeRoutes } from './modules/auth/password-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { registerBinanceApi } from './modules/binance/routes.js';
import { adminDepositRoutes } from './modules/deposits/admin-routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { servesDevRoutes } from './modules/dev/dev-only.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { adminKycRoutes } from './modules/kyc/admin-routes.js';
import { verificationRoutes } from './modules/kyc/routes.js';
import { adminMarketRoutes } from './modules/listings/admin-routes.js';
import { favoriteRoutes, marketRoutes } from './modules/market/routes.js';
import { adminLoginHistoryRoutes } from './modules/login-history/admin-routes.js';
import { loginHistoryRoutes } from './modules/login-history/routes.js';
import { opsRoutes } from './modules/ops/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { myTradeRoutes } from './modules/orders/trade-routes.js';
import { notificationRoutes, priceAlertRoutes } from './modules/price-alerts/routes.js';
import { portfolioRoutes } from './modules/portfolio/routes.js';
import type { Access, RouteGroup, RouteServices } from './modules/route-group.js';
import { passkeyRoutes } from './modules/passkeys/routes.js';
import { adminReservesRoutes } from './modules/proof-of-reserves/admin-routes.js';
import { reservesProofRoutes, reservesRoutes } from './modules/proof-of-reserves/routes.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { adminTaxRoutes } from './modules/tax/admin-routes.js';
import { taxRoutes } from './modules/tax/routes.js';
import { gstRoutes } from './modules/tax/gst-routes.js';
import { securityRoutes } from './modules/two-factor/routes.js';
import { adminUserRoutes } from './modules/admin-users/admin-routes.js';
import { userRoutes } from './modules/profile/routes.js';
import { walletRoutes } from './modules/wallets/routes.js';
import { adminWithdrawalRoutes } from './modules/withdrawals/admin-routes.js';
import { failure } from './plugins/error-handler.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { cancelLinkRoutes, confirmLinkRoutes } from './modules/withdrawals/cancel-link-routes.js';
import { addressBookRoutes } from './modules/address-book/routes.js';
import { antiPhishingRoutes } from './modules/anti-phishing/routes.js';
import { authenticate, requireAdmin, verifyKeySignature } from './plugins/authenticate.js';

/** Every module's routes; each group names its own URL prefix (below /api/v1) and who may call it. */
const API: readonly RouteGroup[] = [
  healthRoutes,
  authRoutes,
  sessionRoutes,
  loginHistoryRoutes,
  marketRoutes,
  favoriteRoutes,
  userRoutes,
  securityRoutes,
  passwordChangeRoutes,
  passkeyRoutes,
  antiPhishingRoutes,
  verificationRoutes,
  fileRoutes,
  walletRoutes,
  depositRoutes,
  withdrawalRoutes,
  withdrawalPauseRoutes,
  cancelLinkRoutes,
  confirmLinkRoutes,
  addressBookRoutes,
  bankAccountRoutes,
  rupeeRoutes,
  orderRoutes,
  myTradeRoutes,
  priceAlertRoutes,
  notificationRoutes,
  portfolioRoutes,
  apiKeyRoutes,
  taxRoutes,
  gstRoutes,
  reservesRoutes,
  reservesProofRoutes,
  adminKycRoutes,
  adminDepositRoutes,
  adminWithdrawalRoutes,
  adminBankAccountRoutes,
  adminBankTransferRoutes,
  adminAuditRoutes,
  adminReservesRoutes,
  adminAuditLogRoutes,
  adminTaxRoutes,
  adminLoginHistoryRoutes,
  adminUserRoutes,
  adminMarketRoutes,
  adminAmlRoutes,
  opsRoutes,
];

/** Development only, on a single-process server: the dev outbox (`servesDevRoutes`). */
const DEV_ONLY: readonly RouteGroup[] = [devRoutes];

/** One route of the API as registered: its method, full URL and who may call it. */
export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registerApi registered, with its group's access (tests walk the admin ones). */
    apiRoutes: readonly ApiRoute[];
  }
}

/**
 * Registers the API under /api/v1: sign-in for `user` and `admin` groups (a login, or an API key
 * where a route names the key scope it accepts), the admin role for `admin`.
 */
export async function registerApi(app: FastifyInstance, config: Config, services: RouteServices) {
  const groups = servesDevRoutes(config) ? [...API, ...DEV_ONLY] : API;
  const registered: ApiRoute[] = [];
  app.decorate('apiRoutes', registered);
  await app.register(
    async (api) => {
      // JSON answers over 1 KB compressed for clients that accept it (lists, books, CSV); the
      // order routes' answers are smaller and stay as they are. Brotli at quality 4: most of its
      // gain over gzip, at a fraction of its default (11) cost.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      });
      keepKeyRequestBodies(api);
      for (const group of groups) {
        await api.register(async (scope) => {
          scope.addHook('onRoute', (route) => {
            for (const m of [route.method].flat())
              registered.push({ method: m, url: route.url, access: group.access });
            if (group.access === 'admin') documentAdminRoute(route.schema);
          });
          if (group.access !== 'public') {
            scope.addHook('onRequest', authenticate);
            scope.addHook('preValidation', verifyKeySignature);
          }
          if (group.access === 'admin') scope.addHook('onRequest', requireAdmin);
          if (group.cookies) await scope.register(cookie);
          await scope.register(group.routes, { ...services, prefix: group.prefix });
        });
      }
    },
    { prefix: '/api/v1' },
  );
  await registerBinanceApi(app, services);
  answerUnknownRoutes(app, allowedMethodsOf(registered));
}

/**
 * A path the API does not have is 404; one it has, asked with a method it does not take there, is
 * 405 with `Allow` (RFC 9110; review S2). Both in the envelope.
 */
function answerUnknownRoutes(app: FastifyInstance, allowedAt: (path: string) => string[]): void {
  app.setNotFoundHandler((request, reply) => {
    const allowed = allowedAt(request.url.split('?')[0] ?? '');
    if (allowed.length === 0) return reply.code(404).send(failure(404, 'NOT_FOUND', 'Not found'));
    const message = `${request.method} is not allowed here; use ${allowed.join(', ')}`;
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .send(failure(405, 'METHOD_NOT_ALLOWED', message));
  });
}

/**
 * Every admin route is documented under the `admin` tag and signed in with a bearer token: the
 * group's access says so once, and a route's own `tags` or `security` still win.
 */
function documentAdminRoute(schema: FastifySchema | undefined): void {
  if (!schema) return;
  schema.tags ??= ['admin'];
  schema.security ??= [{ bearer: [] }];
}

/** JSON as Fastify parses it, keeping the text of a key request's body for its signature. */
function keepKeyRequestBodies(api: FastifyInstance): void {
  const parseJson = api.getDefaultJsonParser('error', 'error');
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.headers[API_KEY_HEADERS.key] !== undefined) request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
}
