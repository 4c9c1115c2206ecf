import { z } from 'zod';
import { kycRejectSchema, KYC_REQUEST_STATUSES } from './kyc.js';
import { stepUpSchema } from './two-factor.js';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES, type Network } from './wallet-constants.js';
import { depositRecordSchema, pageQuerySchema, withdrawalRecordSchema } from './wallets.js';

/** An admin's rejection of a deposit, withdrawal or identity request: the reason the user sees. */
export const reviewRejectSchema = kycRejectSchema;
export type ReviewReject = z.infer<typeof reviewRejectSchema>;

const txHashSchema = z
  .string({ error: 'Transaction hash is required' })
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, {
    error: 'Enter a valid transaction hash (0x followed by 64 hex digits)',
  });

/**
 * An admin's decision that moves money (confirming a deposit, approving a withdrawal) is stepped
 * up as a user's withdrawal is (review M3): with the admin's authenticator app on, its code
 * (`two_factor_code`, or a recovery code); with passkeys only, a passkey's answer
 * (`passkey_response`). An admin with neither sends nothing. A call without a body is the same
 * as `{}`.
 */
export const adminStepUpSchema = stepUpSchema.extend({
  two_factor_code: stepUpSchema.shape.two_factor_code.describe(
    "Required when the admin's authenticator app is on: its code or a recovery code",
  ),
  passkey_response: stepUpSchema.shape.passkey_response.describe(
    'With passkeys and no authenticator app: a passkey step-up answer',
  ),
});
export const moneyDecisionSchema = z.preprocess((body) => body ?? {}, adminStepUpSchema);
export type MoneyDecision = z.infer<typeof adminStepUpSchema>;

/**
 * Refusing a deposit or withdrawal: the reason the user sees, stepped up as an approval is
 * (review N-L2), so a stolen admin session cannot empty the queues.
 */
export const moneyRejectSchema = adminStepUpSchema.extend({
  reason: reviewRejectSchema.shape.reason,
});
export type MoneyReject = z.infer<typeof moneyRejectSchema>;

/**
 * Approving a withdrawal, stepped up as every money decision is. Where the network pays out from
 * a hot wallet the server sends the transfer itself; elsewhere the final approval carries the
 * hash of the payout made by hand.
 */
export const payoutSchema = adminStepUpSchema.extend({
  tx_hash: txHashSchema
    .optional()
    .describe('The last approval of a payout made by hand: its transaction hash'),
});
export type PayoutRequest = z.infer<typeof payoutSchema>;

/** The block explorer's page of a transaction, per network: one table for server and console. */
export const EXPLORER_TX_URLS: Readonly<Record<Network, string>> = {
  ethereum: 'https://etherscan.io/tx/',
  bsc: 'https://bscscan.com/tx/',
  polygon: 'https://polygonscan.com/tx/',
};
export const explorerTxUrl = (network: Network, txHash: string) =>
  `${EXPLORER_TX_URLS[network]}${txHash}`;

/** A review queue's query: status, a search text and the page. */
const queueQuery = <S extends readonly [string, ...string[]]>(statuses: S, search: string) =>
  pageQuerySchema.extend({
    status: z.enum(statuses).optional(),
    search: z.string().trim().max(200).optional().describe(search),
  });
export const adminKycQuerySchema = queueQuery(KYC_REQUEST_STATUSES, 'Email or name, in part');
export const adminDepositQuerySchema = queueQuery(
  DEPOSIT_STATUSES,
  "Email in part, or the whole transaction hash or sender's address",
);
export const adminWithdrawalQuerySchema = queueQuery(
  WITHDRAWAL_STATUSES,
  'Email in part, or the whole transaction hash or payout address',
);
export type AdminQueueQuery = z.input<typeof adminDepositQuerySchema>;

/** One admin's approval of a deposit or withdrawal. */
export const approvalSchema = z.object({
  admin: z.object({ _id: z.string(), email: z.string() }),
  at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

const reviewed = {
  user: z.object({ _id: z.string(), email: z.string() }),
  approvals: z.array(approvalSchema).describe('Who approved so far, oldest first'),
  approvals_required: z
    .number()
    .int()
    .describe('Different admins whose approval completes it (two above the configured amount)'),
  value_usdt: z
    .string()
    .nullable()
    .describe(
      "Valued at the higher of its USDT pair's 24 h VWAP and median trade; null when no price can be trusted (no pair, or a halted or thin one)",
    ),
};
export const adminDepositSchema = depositRecordSchema.extend({
  ...reviewed,
  confirmable: z
    .boolean()
    .describe(
      'An admin may confirm it here. False for a rupee claim no statement line waits on: rupees are credited from the bank statement only',
    ),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminWithdrawalSchema = withdrawalRecordSchema.extend({
  ...reviewed,
  payout: z
    .enum(['hot_wallet', 'manual', 'bank'])
    .describe(
      'hot_wallet: approving sends the transfer; manual: the admin enters the hash; bank: rupees, paid through the payout file',
    ),
  payout_sent: z.boolean().describe('The hot wallet sent it; approved once confirmed on chain'),
  payout_questioned: z
    .boolean()
    .describe(
      'Its nonce was taken with no receipt of ours: check the chain, then reject it to refund, or wait for it to confirm',
    ),
  bank_batch: z
    .string()
    .nullable()
    .describe('Rupees: the payout file batch it was sent to the bank in; null: not sent yet'),
  bank_return: z
    .object({ reference: z.string(), recorded_by: z.number().int() })
    .nullable()
    .describe(
      "Rupees: the bank's failure report (return reference) and how many admins recorded it; two let it be rejected",
    ),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

/** What the review endpoints say; the console shows the same words. */
export const REVIEW_MESSAGES = {
  ownDeposit: 'You cannot decide your own deposit: another admin must',
  ownWithdrawal: 'You cannot decide your own withdrawal: another admin must',
  ownIdentity: 'You cannot review your own verification request',
  identityHeldElsewhere:
    'This Aadhaar or PAN is verified for another account: this request cannot be approved. Reject it',
  secondAdmin: 'You have already approved this: a second, different admin must approve it',
  approvalRecorded: 'Approval recorded: a second admin must approve',
  depositConfirmed: 'Deposit confirmed',
  withdrawalApproved: 'Withdrawal approved',
  payoutQueued: 'Approved: in the payout file (Rupees)',
  payoutSent: 'Payout sent: the withdrawal is approved once the transaction is confirmed',
  txHashRequired: "Enter the payout's transaction hash",
  hotWalletPays: 'This network pays out from the hot wallet: approve without a transaction hash',
  payoutNotTaken:
    'Payout signed, but the node has not taken it yet: it is sent again until it is, and approved once confirmed',
  payoutInFlight: 'The payout is already on chain: wait for its confirmation',
  payoutFailed: 'The payout transaction failed on chain; the amount is back in your funding wallet',
} as const;
