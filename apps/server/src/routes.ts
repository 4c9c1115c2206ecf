import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.js';
import { adminAuditRoutes } from './modules/audit/admin-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { adminDepositRoutes } from './modules/deposits/admin-routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { fileRoutes } from './modules/files/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { adminKycRoutes } from './modules/kyc/admin-routes.js';
import { verificationRoutes } from './modules/kyc/routes.js';
import { favoriteRoutes, marketRoutes } from './modules/market/routes.js';
import { opsRoutes } from './modules/ops/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import type { RouteGroup, RouteServices } from './modules/route-group.js';
import { sessionRoutes } from './modules/sessions/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { walletRoutes } from './modules/wallets/routes.js';
import { adminWithdrawalRoutes } from './modules/withdrawals/admin-routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';
import { authenticate, requireAdmin } from './plugins/authenticate.js';

/** Every module's routes; each group names its own URL prefix (below /api/v1) and who may call it. */
const API: readonly RouteGroup[] = [
  healthRoutes,
  authRoutes,
  sessionRoutes,
  marketRoutes,
  favoriteRoutes,
  userRoutes,
  verificationRoutes,
  fileRoutes,
  walletRoutes,
  depositRoutes,
  withdrawalRoutes,
  orderRoutes,
  adminKycRoutes,
  adminDepositRoutes,
  adminWithdrawalRoutes,
  adminAuditRoutes,
  opsRoutes,
];

/** Development only: the dev outbox. */
const DEV_ONLY: readonly RouteGroup[] = [devRoutes];

/** Registers the API under /api/v1: sign-in for `user` and `admin` groups, the admin role for `admin`. */
export async function registerApi(app: FastifyInstance, config: Config, services: RouteServices) {
  const groups = config.nodeEnv === 'production' ? API : [...API, ...DEV_ONLY];
  await app.register(
    async (api) => {
      for (const group of groups) {
        await api.register(async (scope) => {
          if (group.access !== 'public') scope.addHook('onRequest', authenticate);
          if (group.access === 'admin') scope.addHook('onRequest', requireAdmin);
          await scope.register(group.routes, { ...services, prefix: group.prefix });
        });
      }
    },
    { prefix: '/api/v1' },
  );
}
