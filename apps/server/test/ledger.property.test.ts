import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.js';
import { CoreState } from '../src/core/core-state.js';
import { loadCoreState } from '../src/core/load.js';
import { persistWork } from '../src/core/persist.js';
import { Sequencer } from '../src/core/sequencer.js';
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
} from '../src/modules/withdrawals/commands.js';
import { claimDeposit } from '../src/modules/deposits/commands.js';
import { transfer } from '../src/modules/wallets/commands.js';
import type { DatabaseHandle } from '../src/db/connect.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { auditLedger } from '../src/modules/audit/service.js';
import { insertToken } from './support/listings.js';
import { TokenDirectory } from '../src/core/tokens.js';
import { insertUser } from '../src/modules/users/repository.js';
import { BACKENDS, openTestDatabase } from './support/databases.js';

type Op =
  | { kind: 'deposit'; user: number; amount: bigint }
  | { kind: 'transfer'; user: number; toSpot: boolean; amount: bigint }
  | { kind: 'withdraw'; user: number; amount: bigint }
  | { kind: 'approve' | 'reject'; pick: number };

const user = fc.integer({ min: 0, max: 2 });
const amount = fc.bigInt({ min: 1n, max: 10n ** 20n });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, amount }),
  fc.record({ kind: fc.constant('transfer' as const), user, toSpot: fc.boolean(), amount }),
  fc.record({ kind: fc.constant('withdraw' as const), user, amount }),
  fc.record({ kind: fc.constantFrom('approve' as const, 'reject' as const), pick: fc.nat() }),
);

const taxLoad = { tds: loadConfig({ NODE_ENV: 'test' }).tds, now: new Date() };

describe.each(BACKENDS)('ledger invariants under random money movements on %s', (kind) => {
  let database: DatabaseHandle;
  let users: string[];
  let tokenId: string;
  let admin: string;
  let tokens: TokenDirectory;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await migrateToLatest(database.db);
    const make = (i: number) =>
      insertUser(database.db, {
        email: `p${i}-${randomBytes(4).toString('hex')}@example.com`,
        firstName: 'P',
        lastName: 'Q',
        phone: null,
        passwordHash: 'x',
      });
    users = (await Promise.all([0, 1, 2].map(make))).map((u) => u.id);
    admin = (await make(9)).id;
    tokenId = await insertToken(database.db, {
      name: 'Tether',
      shortName: 'USDT',
      decimals: 6,
      networks: [],
    });
    tokens = new TokenDirectory(database.db);
    await tokens.reload();
  });
  afterAll(() => database.close());

  it('keeps every transaction balanced, every projection equal to its entries and no balance negative', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const state = new CoreState();
        await loadCoreState(database.db, state, tokens, taxLoad);
        const sequencer = new Sequencer(state, {
          persist: (work) => persistWork(database, work),
          log: pino({ level: 'silent' }),
          now: () => new Date(),
        });
        const pending: string[] = [];
        // All at once: the sequencer batches them, as it does under load.
        const results = await Promise.allSettled(
          ops.map(async (o) => {
            if (o.kind === 'deposit') {
              const claim = {
                userId: users[o.user]!,
                tokenId,
                network: 'ethereum' as const,
                senderAddress: '0x1',
                txHash: `0x${randomBytes(32).toString('hex')}`,
                logIndex: 0,
                amount: o.amount,
              };
              return sequencer.submit(claimDeposit(claim, true));
            }
            if (o.kind === 'transfer') {
              const [from, to] = o.toSpot
                ? (['funding', 'spot'] as const)
                : (['spot', 'funding'] as const);
              return sequencer.submit(
                transfer({ userId: users[o.user]!, tokenId, from, to, amount: o.amount }),
              );
            }
            if (o.kind === 'withdraw') {
              const w = await sequencer.submit(
                requestWithdrawal({
                  userId: users[o.user]!,
                  tokenId,
                  network: 'ethereum',
                  address: '0x2',
                  amount: o.amount,
                  fee: 0n,
                  valueUsdt: null,
                }),
              );
              pending.push(w.id);
              return w;
            }
            const id = pending[o.pick % Math.max(1, pending.length)];
            if (!id) return null;
            const review =
              o.kind === 'approve'
                ? approveWithdrawal({
                    admin: { adminId: admin, ip: '127.0.0.1' },
                    id,
                    rule: { required: 1, valueUsdt: null },
                    txHash: '0x3',
                  })
                : rejectWithdrawal({
                    admin: { adminId: admin, ip: '127.0.0.1' },
                    id,
                    reason: 'no',
                  });
            return sequencer.submit(review);
          }),
        );
        await sequencer.idle();
        // Refusals are business refusals; a 5xx would mean the database caught what memory let through.
        for (const r of results)
          if (r.status === 'rejected') expect(r.reason.statusCode).toBeLessThan(500);
        const audit = await auditLedger(database.db);
        expect(audit.violations).toEqual([]);
        // Memory and the database agree account by account.
        const reloaded = new CoreState();
        await loadCoreState(database.db, reloaded, tokens, taxLoad);
        // Accounts a refused command looked at exist in memory only, at zero: compare the rest.
        const view = (s: CoreState) =>
          [...s.accounts.all()]
            .filter((a) => a.available !== 0n || a.locked !== 0n)
            .map((a) => [a.id, a.available, a.locked])
            .sort();
        expect(view(reloaded)).toEqual(view(state));
        for (const a of state.accounts.all()) {
          if (a.userId) expect(a.available >= 0n && a.locked >= 0n).toBe(true);
        }
      }),
      { numRuns: kind === 'pglite' ? 30 : 15 },
    );
  });
});
