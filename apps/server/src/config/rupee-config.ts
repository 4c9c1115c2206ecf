import { positive, usdtUnits } from './amount-settings.js';

/** The exchange's rupee collection account, shown to users who pay in by UPI or bank transfer. */
export interface RupeeConfig {
  /** null: rupee deposits are off (no collection account configured). */
  collection: {
    payeeName: string;
    bankName: string;
    accountNumber: string;
    ifsc: string;
    vpa: string;
  } | null;
  /** What one user may withdraw in rupees in 24 hours, in ledger units. */
  withdrawalDailyLimit: bigint;
  /** Rupee claims one user may have waiting for the statement at once (review 4, N4-L7). */
  maxPendingClaims: number;
  /** A claim no statement line matched within this many days is refused (review 4, N4-L7). */
  claimExpiryDays: number;
  /** The largest credit one statement line may carry, in ledger units (review 4, N4-L8). */
  statementLineMax: bigint;
}

/**
 * INR_COLLECTION_* name the collection account; outside production a sample HDFC account stands in
 * so development and tests can pay in. INR_WITHDRAWAL_DAILY_LIMIT: rupees a user may withdraw a day.
 * INR_MAX_PENDING_CLAIMS, INR_CLAIM_EXPIRY_DAYS: claims waiting per user, and for how long.
 * INR_STATEMENT_LINE_MAX: rupees one statement line may credit.
 */
export function rupeeConfig(env: NodeJS.ProcessEnv, production: boolean): RupeeConfig {
  const sample = production
    ? null
    : {
        payeeName: 'Exchange Collections',
        bankName: 'HDFC Bank',
        accountNumber: '57500000424242',
        ifsc: 'HDFC0000240',
        vpa: 'exchange.collect@hdfcbank',
      };
  const given = env.INR_COLLECTION_ACCOUNT?.trim();
  const collection = given
    ? {
        payeeName: env.INR_COLLECTION_NAME?.trim() || 'Exchange',
        bankName: env.INR_COLLECTION_BANK?.trim() || '',
        accountNumber: given,
        ifsc: (env.INR_COLLECTION_IFSC ?? '').trim().toUpperCase(),
        vpa: (env.INR_COLLECTION_VPA ?? '').trim(),
      }
    : sample;
  if (collection && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(collection.ifsc))
    throw new Error('INR_COLLECTION_IFSC must be an IFSC such as HDFC0000240');
  return {
    collection,
    withdrawalDailyLimit: usdtUnits(env, 'INR_WITHDRAWAL_DAILY_LIMIT', '200000'),
    maxPendingClaims: Math.floor(positive('INR_MAX_PENDING_CLAIMS', env.INR_MAX_PENDING_CLAIMS, 5)),
    claimExpiryDays: positive('INR_CLAIM_EXPIRY_DAYS', env.INR_CLAIM_EXPIRY_DAYS, 7),
    statementLineMax: usdtUnits(env, 'INR_STATEMENT_LINE_MAX', '10000000'),
  };
}
