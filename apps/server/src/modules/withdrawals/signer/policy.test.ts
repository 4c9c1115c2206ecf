import { describe, expect, it } from 'vitest';
import { decide, type SignRequest, type Velocity, type WithdrawalFacts } from './policy.js';

const USDT = 10n ** 18n;
const limits = {
  secondApprovalUsdt: 1000n * USDT,
  hourUsdt: 5000n * USDT,
  dayUsdt: 20_000n * USDT,
  hourTransfers: 10,
  dayTransfers: 50,
};
const withdrawal: WithdrawalFacts = {
  userId: 'user',
  network: 'ethereum',
  status: 'awaiting_signature',
  address: '0xAbC0000000000000000000000000000000000001',
  units: 25_000_000n,
  contract: '0xToken',
  valueUsdt: 2000n * USDT,
  approvals: [{ adminId: 'a' }, { adminId: 'b' }],
};
const request: SignRequest = {
  withdrawalId: 'w',
  network: 'ethereum',
  contract: '0xtoken',
  to: '0xabc0000000000000000000000000000000000001',
  units: 25_000_000n,
};
const none: Velocity = { hour: { usdt: 0n, transfers: 0 }, day: { usdt: 0n, transfers: 0 } };
const refused = (reason: string) => ({ kind: 'refuse', reason });

describe('the policy signer', () => {
  it('signs the approved withdrawal to its address, token and amount (case aside)', () => {
    expect(decide(request, withdrawal, false, none, limits)).toEqual({ kind: 'sign' });
  });

  it('refuses what does not match the withdrawal', () => {
    expect(decide(request, undefined, false, none, limits)).toEqual(refused('unknown_withdrawal'));
    const to = '0xabc0000000000000000000000000000000000002';
    expect(decide({ ...request, to }, withdrawal, false, none, limits)).toEqual(
      refused('wrong_address'),
    );
    expect(decide({ ...request, units: 25_000_001n }, withdrawal, false, none, limits)).toEqual(
      refused('wrong_amount'),
    );
    expect(decide({ ...request, contract: null }, withdrawal, false, none, limits)).toEqual(
      refused('wrong_token'),
    );
    expect(decide({ ...request, network: 'bsc' }, withdrawal, false, none, limits)).toEqual(
      refused('wrong_network'),
    );
  });

  it('signs once: the same again while it awaits is the same signature, after that a replay', () => {
    expect(decide(request, withdrawal, true, none, limits)).toEqual({ kind: 'resend' });
    const sent = { ...withdrawal, status: 'pending' };
    expect(decide(request, sent, true, none, limits)).toEqual(refused('replayed'));
    expect(decide(request, sent, false, none, limits)).toEqual(refused('not_awaiting_signature'));
  });

  it('needs two different admins, neither the owner, unless one was enough for its value', () => {
    const one = { ...withdrawal, approvals: [{ adminId: 'a' }] };
    expect(decide(request, one, false, none, limits)).toEqual(refused('not_approved'));
    const twice = { ...withdrawal, approvals: [{ adminId: 'a' }, { adminId: 'a' }] };
    expect(decide(request, twice, false, none, limits)).toEqual(refused('not_approved'));
    const own = { ...withdrawal, approvals: [{ adminId: 'a' }, { adminId: 'user' }] };
    expect(decide(request, own, false, none, limits)).toEqual(refused('not_approved'));
    const small = { ...withdrawal, valueUsdt: 900n * USDT };
    const solo = { ...small, approvals: [{ adminId: 'a', soloUsdt: 900n * USDT }] };
    expect(decide(request, solo, false, none, limits)).toEqual({ kind: 'sign' });
    // A solo approval of something worth more than the threshold, then or now, is not enough.
    const grew = { ...small, approvals: [{ adminId: 'a', soloUsdt: 1001n * USDT }] };
    expect(decide(request, grew, false, none, limits)).toEqual(refused('not_approved'));
    const unvalued = { ...solo, valueUsdt: null };
    expect(decide(request, unvalued, false, none, limits)).toEqual(refused('not_approved'));
  });

  it('keeps within its hourly and daily limits, by value and by count', () => {
    const hour = { usdt: 3001n * USDT, transfers: 0 };
    expect(decide(request, withdrawal, false, { hour, day: hour }, limits)).toEqual(
      refused('hourly_limit'),
    );
    const justUnder = { usdt: 3000n * USDT, transfers: 9 };
    expect(decide(request, withdrawal, false, { hour: justUnder, day: justUnder }, limits)).toEqual(
      { kind: 'sign' },
    );
    const count = { usdt: 0n, transfers: 10 };
    expect(decide(request, withdrawal, false, { hour: count, day: count }, limits)).toEqual(
      refused('hourly_limit'),
    );
    const day = { usdt: 18_001n * USDT, transfers: 0 };
    expect(decide(request, withdrawal, false, { hour: none.hour, day }, limits)).toEqual(
      refused('daily_limit'),
    );
    // What it signed already is not counted again.
    expect(decide(request, withdrawal, true, { hour: count, day }, limits)).toEqual({
      kind: 'resend',
    });
  });
});
