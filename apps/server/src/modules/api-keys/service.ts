import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ACCOUNT_LOCKED_MESSAGE,
  API_KEY_HEADERS,
  API_KEY_MAX_ACTIVE,
  API_KEY_MESSAGES,
  signingPayload,
  type ApiKeyDto,
  type ApiKeyScope,
  type CreatedApiKeyDto,
  type createApiKeyRequestSchema,
} from '@exchange/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError, rateLimited } from '../../lib/app-error.js';
import { said, type Said } from '../../lib/messages.js';
import type { AuthInfo } from '../../lib/request-auth.js';
import {
  isSignatureFormat,
  SIGNED_AHEAD_MS,
  signatureMatches,
} from '../../lib/request-signature.js';
import { refuseWhileHeld } from '../cooling-off/service.js';
import { requireSecondFactor, secondFactors, verifySecondFactor } from '../two-factor/service.js';
import { toApiKeyDto } from './dto.js';
import type { LiveApiKey } from './key-cache.js';
import { ApiKeyVault, apiKeyVault } from './key-vault.js';
import {
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  revokeApiKey,
  userApiKeys,
} from '../api-key-store/service.js';

const DAY_MS = 86_400_000;
/** What a key looks like: a fixed prefix, then 24 random bytes. */
const KEY_PREFIX = 'ak_';

export async function createApiKey(
  ctx: AppContext,
  userId: string,
  body: z.output<typeof createApiKeyRequestSchema>,
): Promise<CreatedApiKeyDto> {
  await checkSecondFactor(ctx, userId, body);
  const now = ctx.now();
  if ((await countActiveApiKeys(ctx.db, userId, now)) >= API_KEY_MAX_ACTIVE)
    throw new AppError('CONFLICT', said('apiKeyMaxActive', API_KEY_MAX_ACTIVE));
  const vault = await apiKeyVault(ctx.config);
  const apiKey = KEY_PREFIX + randomBytes(24).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const record = await insertApiKey(
    ctx.db,
    {
      id,
      userId,
      label: body.label,
      keyHash: ApiKeyVault.keyHash(apiKey),
      keyPrefix: apiKey.slice(0, KEY_PREFIX.length + 6),
      sealedSecret: vault.seal(secret, id),
      scopes: body.scopes,
      ipAllowlist: body.ip_allowlist,
      expiresAt: new Date(now.getTime() + body.expires_in_days * DAY_MS),
    },
    now,
  );
  return { ...toApiKeyDto(record, now), api_key: apiKey, secret };
}

/**
 * Creating a key is a security change: an account with a second factor proves it (the app's
 * code, or a passkey's answer when the app is off), so a session alone makes no key (review
 * N-H1). A key that may withdraw needs the app on and its code always, since its withdrawals
 * then carry none (withdrawals/service.ts), and none is made during the cooling-off period.
 */
async function checkSecondFactor(
  ctx: AppContext,
  userId: string,
  body: z.output<typeof createApiKeyRequestSchema>,
): Promise<void> {
  const { two_factor_code, passkey_response } = body;
  if (!body.scopes.includes('withdraw')) {
    await requireSecondFactor(ctx, userId, { two_factor_code, passkey_response });
    return;
  }
  const { totp } = await secondFactors(ctx.db, userId);
  if (!totp) throw new AppError('FORBIDDEN', API_KEY_MESSAGES.withdrawNeedsTwoFactor);
  await refuseWhileHeld(ctx, userId);
  if (!two_factor_code)
    throw new AppError('SECOND_FACTOR_REQUIRED', API_KEY_MESSAGES.withdrawNeedsCode);
  await verifySecondFactor(ctx, userId, two_factor_code);
}

export async function listApiKeys(ctx: AppContext, userId: string): Promise<ApiKeyDto[]> {
  const now = ctx.now();
  return (await userApiKeys(ctx.db, userId)).map((k) => toApiKeyDto(k, now));
}

/** Revokes the user's own key: from now on it signs nothing, and its sockets close. */
export async function revokeUserApiKey(
  ctx: AppContext,
  userId: string,
  id: string,
): Promise<ApiKeyDto> {
  const record = await revokeApiKey(ctx.db, userId, id, ctx.now());
  if (!record) throw new AppError('NOT_FOUND', 'API key not found');
  ctx.apiKeys.revoked(record.id);
  return toApiKeyDto(record, ctx.now());
}

/** A signed request's parts, as they arrived. */
export interface SignedRequest {
  apiKey: string;
  timestamp: string;
  signature: string;
  method: string;
  /** The URL's path, without the query. */
  path: string;
  query: string;
  body: string;
  ip: string;
}

/**
 * What a request signs, read from it as sent: the key headers, the method, the URL's path and
 * query apart, the client address and the body (empty before it is read). One reading for the
 * API's requests and the order-entry upgrade.
 */
export function signedRequestOf(
  request: { headers: IncomingHttpHeaders; method?: string; url?: string },
  ip: string,
  body = '',
): SignedRequest {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : '';
  };
  const url = request.url ?? '';
  const at = url.indexOf('?');
  return {
    apiKey: header(API_KEY_HEADERS.key),
    timestamp: header(API_KEY_HEADERS.timestamp),
    signature: header(API_KEY_HEADERS.signature),
    method: request.method ?? 'GET',
    path: at < 0 ? url : url.slice(0, at),
    query: at < 0 ? '' : url.slice(at + 1),
    body,
    ip,
  };
}

const refused = (message: string | Said) => new AppError('UNAUTHORIZED', message);

/** The key a request names, if it is usable at all (known, not revoked, not expired). */
export async function usableKey(ctx: AppContext, apiKey: string): Promise<LiveApiKey> {
  const nowMs = ctx.now().getTime();
  const hash = ApiKeyVault.keyHash(apiKey);
  let key = ctx.apiKeys.get(hash, nowMs);
  if (!key) {
    const found = await findApiKeyByHash(ctx.db, hash);
    if (!found) throw refused('Invalid API key');
    // A locked account's keys sign nothing (review N-M2); the lock also revokes them.
    const { ownerLocked, ...record } = found;
    if (ownerLocked) throw new AppError('FORBIDDEN', ACCOUNT_LOCKED_MESSAGE);
    const vault = await apiKeyVault(ctx.config);
    key = { ...record, secret: vault.open(record.sealedSecret, record.id) };
    ctx.apiKeys.remember(hash, key, nowMs);
  }
  if (key.revokedAt) throw refused('API key revoked');
  if (key.expiresAt.getTime() <= nowMs) throw refused('API key expired');
  return key;
}

/** The key may do `scope`, and is used from an address its allowlist names (if it has one). */
export function checkKeyUse(key: LiveApiKey, scope: ApiKeyScope, ip: string): void {
  if (!key.scopes.includes(scope)) throw new AppError('FORBIDDEN', said('apiKeyLacksScope', scope));
  if (key.ipAllowlist.length > 0 && !key.ipAllowlist.includes(ip))
    throw new AppError('FORBIDDEN', said('apiKeyIpNotAllowed', ip));
}

/** Who a key signs in as, once its request is verified. */
export const keyAuth = (key: LiveApiKey): AuthInfo => ({
  userId: key.userId,
  sessionId: null,
  apiKeyId: key.id,
  role: key.role,
  expiresAt: key.expiresAt,
});

/**
 * Checks what can be checked before the body arrives: the key is usable, may do `scope`, is
 * used from an allowed address, and the timestamp is within the receive window: at most
 * `API_RECV_WINDOW_MS` old, less than a second ahead (as Binance's), and not from before this
 * process began serving (the process it took over from may have accepted it: `ReplayGuard`).
 */
export async function checkKeyRequest(
  ctx: AppContext,
  request: Omit<SignedRequest, 'body'>,
  scope: ApiKeyScope,
): Promise<LiveApiKey> {
  const key = await usableKey(ctx, request.apiKey);
  checkKeyUse(key, scope, request.ip);
  const sent = Number(request.timestamp);
  const now = ctx.now().getTime();
  const window = ctx.config.apiRecvWindowMs;
  if (!/^\d{1,16}$/.test(request.timestamp) || now - sent > window || sent >= now + SIGNED_AHEAD_MS)
    throw refused(said('apiTimestampOutsideWindow', window));
  if (ctx.replays.predatesServing(sent)) throw refused(said('apiTimestampBeforeServing'));
  return key;
}

/** The signature over the whole request, then the replay check; who the request signs in. */
export function checkSignature(ctx: AppContext, key: LiveApiKey, request: SignedRequest): AuthInfo {
  const payload = signingPayload(
    request.timestamp,
    request.method,
    request.path,
    request.query,
    request.body,
  );
  if (!isSignatureFormat(request.signature))
    throw refused('X-API-SIGNATURE must be 64 lowercase hex digits');
  if (!signatureMatches(key.secret, payload, request.signature))
    throw refused('Signature does not match');
  const sighting = ctx.replays.sight(request.signature, ctx.now().getTime());
  if (sighting === 'replay') throw refused('Request already received (replayed signature)');
  if (sighting === 'full') throw rateLimited(1);
  return keyAuth(key);
}

/** A signed request checked whole (the order-entry socket's sign-in). */
export async function verifySignedRequest(
  ctx: AppContext,
  request: SignedRequest,
  scope: ApiKeyScope,
): Promise<AuthInfo> {
  const key = await checkKeyRequest(ctx, request, scope);
  return checkSignature(ctx, key, request);
}
