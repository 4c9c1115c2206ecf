import { describe, expect, it } from 'vitest';
import { planProblems } from './check-plan.js';
import type { CustodyPlan } from './plan-file.js';
import { GasShortfall, planSweeps, type SweepInputs } from './sweep-plan.js';

const COLD = '0x' + 'c'.repeat(40);
const HOT = '0x' + 'b'.repeat(40);
const GAS = '0x' + 'a'.repeat(40);
const addr = (i: number) => '0x' + i.toString(16).padStart(40, '0');
const GWEI = 10n ** 9n;

const inputs = (over: Partial<SweepInputs> = {}): SweepInputs => ({
  gasPrice: GWEI,
  nativeGas: 21_000n,
  tokenGas: 60_000n,
  cold: COLD,
  hot: null,
  gas: { address: GAS, nonce: 7, balance: 10n ** 18n },
  nativeSymbol: 'ETH',
  tokens: [
    { tokenId: 'eth', symbol: 'ETH', contract: null, decimals: 18, dust: 10n ** 15n },
    {
      tokenId: 'usdt',
      symbol: 'USDT',
      contract: '0x' + 'd'.repeat(40),
      decimals: 6,
      dust: 1_000_000n,
    },
  ],
  addresses: [],
  ...over,
});

describe('planSweeps', () => {
  it('tops up an ERC-20 address with no coin by exactly its sweep gas, and the sweep waits for it', () => {
    const txs = planSweeps(
      inputs({
        addresses: [
          { index: 3, address: addr(3), nonce: 0, native: 0n, tokens: { usdt: 50_000_000n } },
        ],
      }),
    );
    expect(txs.map((t) => [t.id, t.from, t.to, t.units, t.nonce, t.after])).toEqual([
      ['top-up:3', GAS, addr(3), (60_000n * GWEI).toString(), 7, []],
      ['sweep:3:usdt', addr(3), COLD, '50000000', 0, ['top-up:3']],
    ]);
  });

  it('tops up only what the address lacks, and none when it has enough', () => {
    const [partial] = planSweeps(
      inputs({
        addresses: [
          {
            index: 1,
            address: addr(1),
            nonce: 0,
            native: 10_000n * GWEI,
            tokens: { usdt: 2_000_000n },
          },
        ],
      }),
    );
    expect(partial?.units).toBe((50_000n * GWEI).toString());
    const txs = planSweeps(
      inputs({
        addresses: [
          {
            index: 1,
            address: addr(1),
            nonce: 4,
            native: 60_000n * GWEI,
            tokens: { usdt: 2_000_000n },
          },
        ],
      }),
    );
    expect(txs.map((t) => t.id)).toEqual(['sweep:1:usdt']);
    expect(txs[0]?.nonce).toBe(4);
  });

  it('leaves dust, and sweeps native coin less every sweep fee, on the next nonce', () => {
    const native = 10n ** 17n;
    const txs = planSweeps(
      inputs({
        addresses: [
          { index: 1, address: addr(1), nonce: 2, native, tokens: { usdt: 5_000_000n } },
          {
            index: 2,
            address: addr(2),
            nonce: 0,
            native: 10n ** 15n,
            tokens: { usdt: 1_000_000n },
          },
        ],
      }),
    );
    expect(txs.map((t) => [t.id, t.nonce, t.units])).toEqual([
      ['sweep:1:usdt', 2, '5000000'],
      ['sweep:1:eth', 3, (native - 81_000n * GWEI).toString()],
    ]);
  });

  it('fills the hot wallet with whole balances while it lacks its target, the rest goes cold', () => {
    const txs = planSweeps(
      inputs({
        hot: { address: HOT, deficit: { usdt: 30_000_000n } },
        addresses: [1, 2, 3].map((i) => ({
          index: i,
          address: addr(i),
          nonce: 0,
          native: 10n ** 15n,
          tokens: { usdt: 20_000_000n },
        })),
      }),
    );
    expect(txs.filter((t) => t.kind === 'sweep').map((t) => t.to_tier)).toEqual([
      'hot',
      'hot',
      'cold',
    ]);
  });

  it('refuses a plan whose top-ups the gas address cannot pay', () => {
    const many = Array.from({ length: 3 }, (_, i) => ({
      index: i,
      address: addr(i + 1),
      nonce: 0,
      native: 0n,
      tokens: { usdt: 5_000_000n },
    }));
    expect(() =>
      planSweeps(
        inputs({ gas: { address: GAS, nonce: 0, balance: 100_000n * GWEI }, addresses: many }),
      ),
    ).toThrow(GasShortfall);
  });
});

describe('planProblems', () => {
  const plan = (): CustodyPlan => ({
    format: 'exchange-custody-plan/1',
    plan_id: 'p',
    created_at: '2026-11-29T00:00:00Z',
    description: 'test',
    network: 'ethereum',
    chain_id: 31337,
    destinations: { cold: COLD, hot: null },
    gas_address: GAS,
    transactions: planSweeps(
      inputs({
        addresses: [
          { index: 3, address: addr(3), nonce: 0, native: 0n, tokens: { usdt: 50_000_000n } },
        ],
      }),
    ),
  });

  it('accepts a plan as planSweeps makes it', () => {
    expect(planProblems(plan())).toEqual([]);
  });

  it('refuses a sweep redirected away from the declared cold address', () => {
    const altered = plan();
    (altered.transactions[1] as { to: string }).to = addr(99);
    expect(planProblems(altered)).toEqual([
      `sweep:3:usdt: sends to ${addr(99)}, not the plan's cold address`,
    ]);
  });

  it('refuses a top-up larger than its sweeps need, or to an address the plan does not sweep', () => {
    const larger = plan();
    (larger.transactions[0] as { units: string }).units = (10n ** 18n).toString();
    expect(planProblems(larger)[0]).toMatch(/more than its sweeps' gas/);
    const elsewhere = plan();
    (elsewhere.transactions[0] as { to: string }).to = addr(42);
    expect(planProblems(elsewhere)[0]).toMatch(/which the plan does not sweep/);
  });

  it('refuses a transaction waiting for one that does not come before it', () => {
    const reordered = plan();
    reordered.transactions.reverse();
    expect(planProblems(reordered)).toContain(
      'sweep:3:usdt: waits for top-up:3, which does not come before it',
    );
  });
});
