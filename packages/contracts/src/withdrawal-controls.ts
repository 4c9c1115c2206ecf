import { z } from 'zod';
import { stepUpSchema } from './two-factor.js';
import { NETWORKS } from './wallet-constants.js';

/**
 * What the withdrawal controls say (issue 35 item 3: address book and whitelist, fees and
 * minimums, daily limits, cancelling) and the anti-phishing code (item 4); the web and the server
 * use the same words.
 */
export const WITHDRAWAL_CONTROL_MESSAGES = {
  labelRequired: 'Label is required',
  labelTooLong: 'Keep the label under 40 characters',
  addressSaved: 'This address is already in your address book for this network',
  addressNotFound: 'Address not found',
  addressAdded: 'Address saved',
  addressRemoved: 'Address removed',
  whitelistOn: 'Whitelist on',
  whitelistOff: 'Whitelist off',
  notWhitelisted: 'Whitelist is on: withdraw only to an address saved in your address book',
  feeInvalid: 'Enter a decimal of at least 0 with at most 18 decimal places',
  cancelled: 'Withdrawal cancelled: the amount is back in your funding wallet',
  notCancellable: 'This withdrawal can no longer be cancelled: it is already being processed',
  cancelLinkInvalid: 'This cancel link is not valid: it was used, it expired, or it is wrong',
  confirmLinkInvalid: 'This confirm link is not valid: it was used, it expired, or it is wrong',
  awaitingEmail:
    'Check your email: confirm this withdrawal with the link we sent within 30 minutes, or it is cancelled',
  confirmed: 'Withdrawal confirmed: it now waits for review',
  notConfirmedInTime:
    'Not confirmed by email within 30 minutes: the amount is back in your funding wallet',
  awaitingOwner: 'This withdrawal waits for its owner to confirm it by email',
  antiPhishingInvalid: 'Use 4 to 20 letters or digits',
  antiPhishingSet: 'Anti-phishing code saved',
  antiPhishingRemoved: 'Anti-phishing code removed',
} as const;
const M = WITHDRAWAL_CONTROL_MESSAGES;

/** A saved address can be withdrawn to this long after it was added, while the whitelist is on. */
export const NEW_ADDRESS_LOCK_HOURS = 24;

/** "Available from …": a whitelisted address younger than NEW_ADDRESS_LOCK_HOURS. */
export const addressLockedUntil = (when: string) =>
  `This address was added less than ${NEW_ADDRESS_LOCK_HOURS} hours ago: it can be used from ${when}`;
export const belowWithdrawMinimum = (minimum: string, coin: string) =>
  `The minimum withdrawal is ${minimum} ${coin}`;
export const notAboveWithdrawFee = (fee: string, coin: string) =>
  `The amount must be more than the fee of ${fee} ${coin}`;
export const overDailyWithdrawLimit = (limit: string, left: string) =>
  `Over your daily withdrawal limit of ${limit} USDT: you can withdraw ${left} USDT more today`;

/** Identity levels, lowest first: each has its own daily withdrawal limit in USDT. */
export const IDENTITY_LEVELS = ['basic', 'verified'] as const;
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number];

const evmAddress = z
  .string({ error: 'Token address is required' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, { error: 'Enter a valid address (0x followed by 40 hex digits)' });

/** POST /wallets/withdraw/addresses: a saved address, stepped up by the second factor. */
export const newWithdrawAddressSchema = stepUpSchema.extend({
  label: z
    .string({ error: M.labelRequired })
    .trim()
    .min(1, { error: M.labelRequired })
    .max(40, { error: M.labelTooLong }),
  network: z.enum(NETWORKS, { error: 'Network is required' }),
  address: evmAddress,
});
export type NewWithdrawAddress = z.infer<typeof newWithdrawAddressSchema>;

export const withdrawAddressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  network: z.enum(NETWORKS),
  address: z.string(),
  created_at: z.string(),
  usable_at: z
    .string()
    .describe(`While the whitelist is on, withdrawals to it are refused before this time`),
});
export type WithdrawAddressDto = z.infer<typeof withdrawAddressSchema>;

export const withdrawAddressBookSchema = z.object({
  whitelist: z.boolean().describe('On: withdrawals go only to saved addresses'),
  addresses: z.array(withdrawAddressSchema),
});
export type WithdrawAddressBook = z.infer<typeof withdrawAddressBookSchema>;

/** PUT /wallets/withdraw/whitelist: on or off, stepped up by the second factor. */
export const withdrawWhitelistSchema = stepUpSchema.extend({
  enabled: z.boolean({ error: 'Say whether the whitelist is on' }),
});

/** GET /wallets/withdraw/limits: the user's daily limit and what is left of it, in USDT. */
export const withdrawLimitsSchema = z.object({
  level: z.enum(IDENTITY_LEVELS),
  daily_limit_usdt: z.string(),
  used_usdt: z.string().describe('Withdrawals of the last 24 hours not refused or cancelled'),
  left_usdt: z.string(),
});
export type WithdrawLimits = z.infer<typeof withdrawLimitsSchema>;

/** A user's rupee withdrawal limits (W4-15): the day's limit in rupees, what is left, the fee. */
export const inrWithdrawLimitsSchema = z.object({
  daily_limit: z.string().describe('Rupees one user may withdraw in 24 hours'),
  left: z.string().describe('What the requests of the last 24 hours not refused leave of it'),
  fee: z.string().describe('Kept from each rupee withdrawal'),
  minimum: z.string().describe('The smallest rupee withdrawal'),
});
export type InrWithdrawLimits = z.infer<typeof inrWithdrawLimitsSchema>;

/**
 * How long the confirm link of a withdrawal to a new address works (walk-4 W4-4); unconfirmed by
 * then, the withdrawal is cancelled and its hold returned.
 */
export const CONFIRM_LINK_MINUTES = 30;

/** The mail's confirm link: its secret, sent back by the confirm page. */
export const confirmLinkSchema = z.object({
  token: z
    .string({ error: M.confirmLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: M.confirmLinkInvalid }),
});

/** The mail's cancel link: its secret, sent back by the confirm page. */
export const cancelLinkSchema = z.object({
  token: z
    .string({ error: M.cancelLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: M.cancelLinkInvalid }),
});

const withdrawFeeAmount = z
  .string({ error: M.feeInvalid })
  .trim()
  .regex(/^\d{1,24}(\.\d{1,18})?$/, { error: M.feeInvalid });

/** PUT /admin/markets/tokens/{id}/networks/{network}/withdrawal-fee. */
export const withdrawalFeeSchema = z.object({
  fee: withdrawFeeAmount.describe('Taken from each withdrawal on this network, in the coin'),
  minimum: withdrawFeeAmount.describe('The smallest withdrawal on this network, fee included'),
});
export type WithdrawalFeeRequest = z.infer<typeof withdrawalFeeSchema>;

/** PUT /security/anti-phishing: the code shown in every mail; empty removes it. */
export const antiPhishingSchema = stepUpSchema.extend({
  code: z
    .string({ error: M.antiPhishingInvalid })
    .trim()
    .regex(/^([A-Za-z0-9]{4,20})?$/, { error: M.antiPhishingInvalid }),
});
