import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatementLines } from './deposits/admin-service.js';
import type { MarketData } from './market/market-data.js';
import type { PriceAlerts } from './price-alerts/service.js';

/** Who may call a group's routes; app.ts applies the check to the whole group. */
export type Access = 'public' | 'user' | 'admin';

/** What start-up builds before the routes and hands to them. */
export interface RouteServices {
  market: MarketData;
  /** The waiting price alerts and the bell's notifications (modules/price-alerts). */
  alerts: PriceAlerts;
  /** The bank statements' lines, for the deposits' review of rupee claims (modules/bank-transfers). */
  statementLines: StatementLines;
}

/**
 * A module's routes under the URL prefix the module owns (below /api/v1). app.ts registers each
 * group once, with authentication for `user` and `admin` groups and the admin role for `admin`.
 */
export interface RouteGroup {
  prefix: string;
  access: Access;
  /**
   * The group reads or sets cookies (the device cookie of the /auth calls and logout): only such
   * groups get @fastify/cookie, whose parsing and onSend hooks every other call skips (issue 33).
   */
  cookies?: true;
  routes: FastifyPluginAsyncZod<RouteServices>;
}
