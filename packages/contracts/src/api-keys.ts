import { z } from 'zod';
import { passkeyStepUpSchema, twoFactorCodeSchema } from './two-factor.js';

/** What a key may do: read balances and orders, trade, withdraw. */
export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How long a new key lives, in days; the form offers these. */
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** Addresses one key may be limited to. */
export const API_KEY_MAX_IPS = 20;
/** Keys one user may hold at once (revoked and expired ones do not count). */
export const API_KEY_MAX_ACTIVE = 20;

/**
 * The headers of a signed request. The signature is HMAC-SHA256, keyed with the key's secret,
 * of `signingPayload(...)`, in lowercase hex.
 */
export const API_KEY_HEADERS = {
  key: 'x-api-key',
  timestamp: 'x-api-timestamp',
  signature: 'x-api-signature',
} as const;

/**
 * The text a key signs: the timestamp (epoch milliseconds, as sent in X-API-TIMESTAMP), the
 * method in capitals, the path (`/api/v1/...`, no query), the query string without its `?`
 * (exactly as sent, or empty) and the body exactly as sent (or empty), one per line.
 */
export function signingPayload(
  timestamp: string,
  method: string,
  path: string,
  query: string,
  body: string,
): string {
  return `${timestamp}\n${method.toUpperCase()}\n${path}\n${query}\n${body}`;
}

export const API_KEY_MESSAGES = {
  labelRequired: 'Label is required',
  labelTooLong: 'Label must be at most 40 characters',
  scopesRequired: 'Choose at least one permission',
  ip: 'Enter IP addresses (IPv4 or IPv6), separated by commas',
  tooManyIps: `At most ${API_KEY_MAX_IPS} IP addresses`,
  expiry: 'Choose how long the key lasts',
  withdrawNeedsTwoFactor:
    'Withdraw permission needs two-factor authentication: turn on the authenticator app first',
  withdrawNeedsCode: 'Enter the code from your authenticator app to allow withdrawals',
} as const;

const M = API_KEY_MESSAGES;

export const createApiKeyRequestSchema = z.object({
  label: z
    .string({ error: M.labelRequired })
    .trim()
    .min(1, { error: M.labelRequired })
    .max(40, { error: M.labelTooLong }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: M.scopesRequired }), { error: M.scopesRequired })
    .min(1, { error: M.scopesRequired })
    .transform((s) => [...new Set(s)]),
  ip_allowlist: z
    .array(z.union([z.ipv4(), z.ipv6()], { error: M.ip }), { error: M.ip })
    .max(API_KEY_MAX_IPS, { error: M.tooManyIps })
    .default([]),
  expires_in_days: z.union(
    API_KEY_EXPIRY_DAYS.map((d) => z.literal(d)),
    { error: M.expiry },
  ),
  /**
   * A current second-factor code, or a recovery code normalised as every step-up does (review
   * I4-3); required for the `withdraw` scope.
   */
  two_factor_code: twoFactorCodeSchema.optional(),
  /** Without the authenticator app, a passkey's answer proves the account's owner asks. */
  passkey_response: passkeyStepUpSchema.optional(),
});
export type CreateApiKeyRequest = z.input<typeof createApiKeyRequestSchema>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const apiKeySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The key's first characters, to recognise it: the whole key is shown only once. */
  key_prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  ip_allowlist: z.array(z.string()),
  status: z.enum(API_KEY_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyDto = z.infer<typeof apiKeySchema>;

/** The answer to creating a key: the only time its key and secret are shown. */
export const createdApiKeySchema = apiKeySchema.extend({ api_key: z.string(), secret: z.string() });
export type CreatedApiKeyDto = z.infer<typeof createdApiKeySchema>;
