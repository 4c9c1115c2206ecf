/**
 * The API keys' records, low in the module tiers so that second factors and account locks can
 * revoke keys: creating, listing and checking keys is `api-keys/` (which asks for a second
 * factor), revoking them on a security event is `revocations.ts` here.
 */
export { announceRevoked, revokeKeysOf } from './revocations.js';
export {
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  liveApiKeyIds,
  revokeApiKey,
  userApiKeys,
  type ApiKeyRecord,
  type NewApiKey,
} from './repository.js';
