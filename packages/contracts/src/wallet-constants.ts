/*
 * The wallets' plain constants and the spec's messages, apart from their schemas (`wallets.ts`):
 * a page that needs only these (the order form's amount message) does not load zod with them.
 */

export const NETWORKS = ['ethereum', 'bsc', 'polygon'] as const;
export type Network = (typeof NETWORKS)[number];
/** Where a deposit or withdrawal moves: an EVM network, or the Indian banking rail for INR. */
export const RAILS = [...NETWORKS, 'bank'] as const;
export type Rail = (typeof RAILS)[number];

export const WALLET_TYPES = ['spot', 'funding'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const DEPOSIT_STATUSES = ['pending', 'confirmed', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/**
 * `awaiting_email_confirmation`: held until its owner confirms it with the mail's link (a user
 * without a second factor, to an address never withdrawn to; walk-4 W4-4), then `pending`;
 * `awaiting_signature`: approved in full, its transfer waits for the hot wallet's signer;
 * `processing`: a bank withdrawal the admins approved, waiting for the bank's payout;
 * `cancelled`: its owner cancelled it before an admin acted (the hold returned).
 */
export const WITHDRAWAL_STATUSES = [
  'awaiting_email_confirmation',
  'pending',
  'awaiting_signature',
  'processing',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** Spec section 5 messages for the deposit, withdraw and transfer forms, word for word. */
export const WALLET_MESSAGES = {
  networkRequired: 'Network is required',
  senderRequired: 'Sender address is required',
  txHashRequired: 'Transaction hash is required',
  addressRequired: 'Token address is required',
  amountNumber: 'Amount must be a number',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be greater than 0',
  amountTooLarge: 'Amount is too large',
  transferAmountPositive: 'Amount must be positive',
  walletRequired: 'Wallet is required',
  walletsMustDiffer: 'From and To must differ',
  tokenRequired: 'Token is required',
  addressInvalid: 'Enter a valid address (0x followed by 40 hex digits)',
  addressChecksum: 'The address checksum does not match: check the address',
  addressZero: 'Withdrawals to the zero address are not allowed',
  addressContract: 'This is a token contract, not a wallet address',
  addressInternal: 'This is a deposit address of this exchange: withdraw to an external address',
  txHashInvalid: 'Enter a valid transaction hash (0x followed by 64 hex digits)',
  // Why the chain refused a deposit claim: kept on the deposit, shown in the owner's language.
  depositHashInvalid: 'The transaction hash is not valid',
  depositFailed: 'Transaction failed on chain',
  depositWrongRecipient: 'The transfer does not go to your deposit address',
  depositWrongSender: 'The transfer is not from the sender address',
  depositWrongToken: 'The token transferred is not listed on this exchange',
  depositAmountMismatch: 'The amount does not match the transaction',
  depositNothingReceived: 'The transaction transfers nothing to your deposit address',
} as const;

/** Whole digits an amount may have: far above any real balance, far below what the ledger holds. */
export const MAX_AMOUNT_DIGITS = 24;
/** An amount finer than the coin allows (its precision on the wallet or network in question). */
export const amountAllowsDecimals = (places: number) =>
  `Amount allows at most ${places} decimal places`;

/** Significant digits after the point of a decimal text (trailing zeros aside; 0 for a non-number). */
export const decimalPlacesOf = (amount: string) =>
  /^\s*\d*\.(\d+)\s*$/.exec(amount)?.[1]?.replace(/0+$/, '').length ?? 0;

/** The maximum a transfer may move, as the form says it (spec section 5). */
export const amountCannotExceed = (max: string) => `Amount cannot exceed ${max}`;
