import type { AppContext } from '../context.js';
import { createApiKey, listApiKeys, revokeUserApiKey } from '../modules/api-keys/service.js';
import type { ApiCredentials } from './order-entry-client.js';

const LABEL = 'demo market';

/**
 * A fresh API key (scope trade) for a demo bot, made as the user would make one on the API Keys
 * page; the bot's keys from earlier starts are revoked first, so they never pile up.
 */
export async function demoBotKey(ctx: AppContext, userId: string): Promise<ApiCredentials> {
  for (const key of await listApiKeys(ctx, userId))
    if (key.label === LABEL && key.status === 'active') await revokeUserApiKey(ctx, userId, key.id);
  const created = await createApiKey(ctx, userId, {
    label: LABEL,
    scopes: ['trade'],
    ip_allowlist: [],
    expires_in_days: 365,
  });
  return { apiKey: created.api_key, secret: created.secret };
}
