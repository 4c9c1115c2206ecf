import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.js';
import { said } from '../../lib/messages.js';
import { stepOf, toWithdrawError } from './withdraw-errors.js';

const codeOf = (err: unknown) => toWithdrawError(err).code;

describe("the withdrawal service's refusals in Binance's codes", () => {
  it('maps each check of the web form to the code Binance gives for it', () => {
    expect(codeOf(new AppError('FORBIDDEN', said('notWhitelisted')))).toBe(-4035);
    expect(codeOf(new AppError('FORBIDDEN', said('addressLockedUntil', new Date())))).toBe(-4036);
    expect(codeOf(new AppError('VALIDATION_ERROR', said('addressZero')))).toBe(-4033);
    expect(
      codeOf(new AppError('VALIDATION_ERROR', said('belowWithdrawMinimum', '5', 'USDT'))),
    ).toBe(-4022);
    expect(codeOf(new AppError('VALIDATION_ERROR', said('notAboveWithdrawFee', '1', 'USDT')))).toBe(
      -4028,
    );
    expect(codeOf(new AppError('BAD_REQUEST', said('overDailyWithdrawLimit', '10', '2')))).toBe(
      -4023,
    );
    expect(codeOf(new AppError('BAD_REQUEST', said('notOnNetwork', 'USDT', 'bsc')))).toBe(-4019);
    expect(codeOf(new AppError('INSUFFICIENT_BALANCE', 'Insufficient balance'))).toBe(-4026);
    expect(codeOf(new AppError('KYC_REQUIRED', said('kycRequired')))).toBe(-4015);
  });

  it('says the step a too fine amount breaks, and keeps our reason after a hold', () => {
    const fine = toWithdrawError(new AppError('BAD_REQUEST', said('amountAllowsDecimals', 6)));
    expect(fine).toMatchObject({
      code: -4021,
      msg: 'Asset withdrawal must be a multiple of 0.000001.',
    });
    expect(stepOf(0)).toBe('1');
    const held = toWithdrawError(
      new AppError('WITHDRAWALS_HELD', said('withdrawalsHeld', new Date(Date.UTC(2026, 0, 1)))),
    );
    expect(held.code).toBe(-4015);
    expect(held.msg).toMatch(/^Withdraw is limited\. Withdrawals are on hold/);
  });

  it('leaves anything else to the spot API: a bug is a 500, never the client', () => {
    expect(toWithdrawError(new Error('boom'))).toMatchObject({ code: -1000, status: 500 });
  });
});
