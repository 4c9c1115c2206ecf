import type { ApiKeyDto } from '@exchange/contracts';
import type { ApiKeyRecord } from '../api-key-store/service.js';

export function toApiKeyDto(k: ApiKeyRecord, now: Date): ApiKeyDto {
  return {
    id: k.id,
    label: k.label,
    key_prefix: k.keyPrefix,
    scopes: k.scopes,
    ip_allowlist: k.ipAllowlist,
    status: k.revokedAt ? 'revoked' : k.expiresAt <= now ? 'expired' : 'active',
    created_at: k.createdAt.toISOString(),
    expires_at: k.expiresAt.toISOString(),
    revoked_at: k.revokedAt?.toISOString() ?? null,
  };
}
