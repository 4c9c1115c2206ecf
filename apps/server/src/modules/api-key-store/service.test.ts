import { randomUUID } from 'node:crypto';
import type { ApiKeyScope } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { specContext } from '../../testing/spec-context.js';
import {
  countActiveApiKeys,
  findApiKeyByHash,
  insertApiKey,
  liveApiKeyIds,
  revokeApiKey,
  revokeKeysOf,
} from './service.js';

const DAY = 86_400_000;

/** The API keys' records: which keys live, and revoking them on a security event. */
describe('api key store', () => {
  const t = specContext();
  const key = (userId: string, scopes: ApiKeyScope[], days = 30) =>
    insertApiKey(
      t.ctx.db,
      {
        id: randomUUID(),
        userId,
        label: 'bot',
        keyHash: randomUUID(),
        keyPrefix: 'abcd',
        sealedSecret: 'sealed',
        scopes,
        ipAllowlist: [],
        expiresAt: new Date(t.ctx.now().getTime() + days * DAY),
      },
      t.ctx.now(),
    );

  it('counts live keys only: not revoked, not expired', async () => {
    const user = await t.user();
    const [kept, revoked] = [await key(user.id, ['read']), await key(user.id, ['read'])];
    await key(user.id, ['read'], 1);
    await revokeApiKey(t.ctx.db, user.id, revoked.id, t.ctx.now());
    expect(await countActiveApiKeys(t.ctx.db, user.id, t.ctx.now())).toBe(2);
    t.advance(2 * DAY);
    expect(await countActiveApiKeys(t.ctx.db, user.id, t.ctx.now())).toBe(1);
    expect(await liveApiKeyIds(t.ctx.db, [kept.id, revoked.id], t.ctx.now())).toEqual([kept.id]);
  });

  it("revokes only the owner's key, and keeps the first revocation's time", async () => {
    const [owner, other] = [await t.user(), await t.user()];
    const k = await key(owner.id, ['trade']);
    expect(await revokeApiKey(t.ctx.db, other.id, k.id, t.ctx.now())).toBeUndefined();
    const first = await revokeApiKey(t.ctx.db, owner.id, k.id, t.ctx.now());
    t.advance(1000);
    const again = await revokeApiKey(t.ctx.db, owner.id, k.id, t.ctx.now());
    expect(again?.revokedAt).toEqual(first?.revokedAt);
  });

  it('revokes every live key of a user, or those of one scope, and names them', async () => {
    const [user, bystander] = [await t.user(), await t.user()];
    const [read, withdraw] = [await key(user.id, ['read']), await key(user.id, ['withdraw'])];
    const theirs = await key(bystander.id, ['withdraw']);
    expect(await revokeKeysOf(t.ctx, user.id, 'withdraw')).toEqual([withdraw.id]);
    expect(await revokeKeysOf(t.ctx, user.id)).toEqual([read.id]);
    expect(await liveApiKeyIds(t.ctx.db, [theirs.id], t.ctx.now())).toEqual([theirs.id]);
  });

  it("finds a key by its hash with its owner's role and lock", async () => {
    const user = await t.user();
    const k = await key(user.id, ['read']);
    const hash = (
      await t.ctx.db
        .selectFrom('api_keys')
        .select('key_hash')
        .where('id', '=', k.id)
        .executeTakeFirstOrThrow()
    ).key_hash;
    expect(await findApiKeyByHash(t.ctx.db, hash)).toMatchObject({
      id: k.id,
      role: 'user',
      ownerLocked: false,
    });
  });
});
