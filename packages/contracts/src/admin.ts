import { z } from 'zod';
import { kycRejectSchema } from './kyc.js';
import { depositRecordSchema, withdrawalRecordSchema } from './wallets.js';

/** An admin's rejection of a deposit, withdrawal or identity request: the reason the user sees. */
export const reviewRejectSchema = kycRejectSchema;

/** Approving a withdrawal records the hash of the payout transaction. */
export const payoutSchema = z.object({
  tx_hash: z.string({ error: 'Transaction hash is required' }).regex(/^0x[0-9a-fA-F]{64}$/, {
    error: 'Enter a valid transaction hash (0x followed by 64 hex digits)',
  }),
});

const withUser = { user: z.object({ _id: z.string(), email: z.string() }) };
export const adminDepositSchema = depositRecordSchema.extend(withUser);
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
export const adminWithdrawalSchema = withdrawalRecordSchema.extend(withUser);
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
