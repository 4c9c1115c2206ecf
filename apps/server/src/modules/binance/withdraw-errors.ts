import type { MessageKey } from '../../lib/messages.js';
import { AppError } from '../../lib/app-error.js';
import { BinanceError, toBinanceError } from './errors.js';

/**
 * Binance's wallet refusals (`-40xx`, its "Error codes" page) that `capital/withdraw/apply`
 * answers: ccxt raises each as its class (`-4026` InsufficientFunds, `-4035` PermissionDenied…).
 */
export const WITHDRAW_ERRORS = {
  limited: (why: string) => new BinanceError(-4015, `Withdraw is limited. ${why}`),
  noAsset: () => new BinanceError(-4018, "We don't have this asset."),
  notOpen: () => new BinanceError(-4019, 'Current asset is not open for withdrawal.'),
  multiple: (step: string) =>
    new BinanceError(-4021, `Asset withdrawal must be a multiple of ${step}.`),
  belowMinimum: (minimum: string) =>
    new BinanceError(-4022, `Not less than the minimum pick-up quantity ${minimum}.`),
  overDailyLimit: (why: string) =>
    new BinanceError(-4023, `Within 24 hours, the withdrawal exceeds the maximum amount. ${why}`),
  insufficient: () => new BinanceError(-4026, 'You have insufficient balance.'),
  notAboveFee: () =>
    new BinanceError(-4028, 'The amount of withdrawal must be greater than the Commission.'),
  tagRefused: () => new BinanceError(-4008, 'Address tag validation is not passed.'),
  illegalAddress: () => new BinanceError(-4033, 'Illegal address.'),
  notWhitelisted: () =>
    new BinanceError(-4035, 'This address is not on the whitelist. Please join and try again.'),
  addressTooNew: (why: string) =>
    new BinanceError(-4036, `The new address needs to be withdrawn in 24 hours. ${why}`),
} as const;

type Mapping = (err: AppError) => BinanceError;

/** The withdrawal service's refusals by their catalogue key (never by their texts). */
const BY_KEY: Partial<Record<MessageKey, Mapping>> = {
  notOnNetwork: WITHDRAW_ERRORS.notOpen,
  amountAllowsDecimals: (err) => WITHDRAW_ERRORS.multiple(stepOf(Number(err.said?.values[0] ?? 0))),
  amountPositive: WITHDRAW_ERRORS.notAboveFee,
  belowWithdrawMinimum: (err) => WITHDRAW_ERRORS.belowMinimum(String(err.said?.values[0])),
  notAboveWithdrawFee: WITHDRAW_ERRORS.notAboveFee,
  overDailyWithdrawLimit: (err) => WITHDRAW_ERRORS.overDailyLimit(err.message),
  addressChecksum: WITHDRAW_ERRORS.illegalAddress,
  addressZero: WITHDRAW_ERRORS.illegalAddress,
  addressContract: WITHDRAW_ERRORS.illegalAddress,
  addressInternal: WITHDRAW_ERRORS.illegalAddress,
  notWhitelisted: WITHDRAW_ERRORS.notWhitelisted,
  addressLockedUntil: (err) => WITHDRAW_ERRORS.addressTooNew(err.message),
};

/** The smallest step of an amount with `places` decimals: 0.000001 for 6. */
export const stepOf = (places: number): string =>
  places <= 0 ? '1' : `0.${'0'.repeat(places - 1)}1`;

/**
 * A failure of our withdrawal service in Binance's words: the same checks as the web's withdraw
 * form (identity, cooling-off, network, amount, address, whitelist, daily limit, balance), each
 * refused with the code Binance gives for it; anything else as the spot API words it.
 */
export function toWithdrawError(err: unknown): BinanceError {
  if (!(err instanceof AppError)) return toBinanceError(err, 'other');
  const byKey = err.said ? BY_KEY[err.said.key] : undefined;
  if (byKey) return byKey(err);
  switch (err.code) {
    case 'INSUFFICIENT_BALANCE':
      return WITHDRAW_ERRORS.insufficient();
    case 'WITHDRAWALS_HELD':
    case 'WITHDRAWALS_PAUSED':
    case 'KYC_REQUIRED':
      return WITHDRAW_ERRORS.limited(err.message);
    default:
      return toBinanceError(err, 'other');
  }
}
