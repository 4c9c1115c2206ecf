import { describe, expect, it } from 'vitest';
import type { WithdrawalRecord } from '../../core/records.js';
import {
  refuseRejectOfSent,
  refuseResend,
  returnConfirmed,
  withReturnRecorded,
} from './payout-rules.js';

const now = new Date('2026-11-29T12:00:00Z');

function rupeeWithdrawal(change: Partial<WithdrawalRecord> = {}): WithdrawalRecord {
  return {
    id: 'w1',
    userId: 'u1',
    tokenId: 'inr',
    network: 'bank',
    address: 'account-1',
    amount: 1000n,
    fee: 0n,
    valueUsdt: null,
    status: 'processing',
    txHash: null,
    reason: null,
    approvals: [],
    payout: null,
    bankBatch: null,
    bankReturn: null,
    createdAt: now,
    updatedAt: now,
    ...change,
  };
}

const sent = { bankBatch: { id: 'b1', sentAt: now } };

describe('refuseRejectOfSent (review N4-M3)', () => {
  it('lets a row the file has not sent be rejected', () => {
    expect(() => refuseRejectOfSent(rupeeWithdrawal())).not.toThrow();
  });

  it('refuses a sent row until two admins recorded the bank’s return', () => {
    expect(() => refuseRejectOfSent(rupeeWithdrawal(sent))).toThrow(/two admins/);
    const once = { reference: 'RET123456789', adminIds: ['a1'], at: now };
    expect(() => refuseRejectOfSent(rupeeWithdrawal({ ...sent, bankReturn: once }))).toThrow();
    const twice = { ...once, adminIds: ['a1', 'a2'] };
    expect(returnConfirmed(twice)).toBe(true);
    expect(() => refuseRejectOfSent(rupeeWithdrawal({ ...sent, bankReturn: twice }))).not.toThrow();
  });
});

describe('withReturnRecorded', () => {
  it('takes the reference from one admin, then the same from a second', () => {
    const first = withReturnRecorded(rupeeWithdrawal(sent), 'a1', 'RET123456789', now);
    expect(first).toEqual({ reference: 'RET123456789', adminIds: ['a1'], at: now });
    const record = rupeeWithdrawal({ ...sent, bankReturn: first });
    expect(withReturnRecorded(record, 'a2', 'RET123456789', now).adminIds).toEqual(['a1', 'a2']);
  });

  it('refuses the same admin twice, another reference, or a row not sent', () => {
    const bankReturn = { reference: 'RET123456789', adminIds: ['a1'], at: now };
    const record = rupeeWithdrawal({ ...sent, bankReturn });
    expect(() => withReturnRecorded(record, 'a1', 'RET123456789', now)).toThrow(/already/);
    expect(() => withReturnRecorded(record, 'a2', 'RET999999999', now)).toThrow(/differs/);
    expect(() => withReturnRecorded(rupeeWithdrawal(), 'a1', 'RET123456789', now)).toThrow(
      /payout file/,
    );
  });
});

describe('refuseResend', () => {
  it('needs an admin to ask first and a different one to send', () => {
    expect(() => refuseResend(null, 'a1')).toThrow(/Ask/);
    expect(() => refuseResend('a1', 'a1')).toThrow(/different admin/);
    expect(() => refuseResend('a1', 'a2')).not.toThrow();
  });
});
