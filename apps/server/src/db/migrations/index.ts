import type { Migration } from 'kysely';
import * as accounts from './20251121120000-accounts.js';
import * as wallets from './20261121130000-wallets.js';
import * as identity from './20261121140000-identity.js';
import * as trading from './20261121150000-trading.js';
import * as leanLedger from './20261121160000-lean-ledger.js';
import * as entriesTransaction from './20261121170000-ledger-entries-transaction.js';
import * as hotPathWrites from './20261121180000-hot-path-writes.js';
import * as depositAddressLookup from './20261123120000-deposit-address-lookup.js';
import * as uploadsAtRest from './20261123220000-uploads-at-rest.js';
import * as signInRetention from './20261123230000-sign-in-retention.js';
import * as adminAuditTrail from './20261124011000-admin-audit-trail.js';
import * as apiKeys from './20261124015000-api-keys.js';
import * as reviewApprovals from './20261124016000-review-approvals.js';
import * as tds from './20261124016100-tds.js';
import * as loginHistory from './20261124016200-login-history.js';
import * as twoFactor from './20261124017000-two-factor.js';
import * as accountLocks from './20261124017900-account-locks-and-ledger-audits.js';
import * as securityHolds from './20261126190000-security-holds.js';
import * as rupeeRails from './20261127100000-rupee-rails.js';
import * as proofOfReserves from './20261127230000-proof-of-reserves.js';
import * as userLanguage from './20261128010000-user-language.js';
import * as stopOrders from './20261128030000-stop-orders.js';
import * as withdrawalControls from './20261128070000-withdrawal-controls.js';
import * as priceAlerts from './20261128110000-price-alerts.js';
import * as numberGrouping from './20261128130000-number-grouping.js';
import * as idempotencyKeys from './20261128200000-idempotency-keys.js';
import * as listenKeys from './20261128220000-listen-keys.js';
import * as bankAccountValidation from './20261129100000-bank-account-validation.js';
import * as bankCreditLines from './20261129110000-bank-credit-lines.js';
import * as rateApprovalsAndPayoutBatches from './20261129120000-rate-approvals-and-payout-batches.js';
import * as secondFactorLoginCount from './20261129160000-second-factor-login-count.js';
import * as withdrawalEmailConfirmation from './20261129160100-withdrawal-email-confirmation.js';
import * as reservesSplitSigned from './20261129170000-reserves-split-signed.js';
import * as kycNumbersReviewed from './20261129180000-kyc-numbers-reviewed.js';
import * as keyChecks from './20261129200000-key-checks.js';
import * as rupeePaise from './20261129220000-rupee-paise.js';
import * as notificationValues from './20261129230000-notification-values.js';
import * as postOnlyOrders from './20261202000000-post-only-orders.js';
import * as orderQuoteBudget from './20261210000000-order-quote-budget.js';
import * as custodyMovements from './20261205000000-custody-movements.js';
import * as policySigner from './20261211000000-policy-signer.js';
import * as amlCases from './20261206000000-aml-cases.js';
import * as gstOnFees from './20261212000000-gst-on-fees.js';
import * as amlCaseWork from './20261213000000-aml-case-work.js';
import * as amlRecordsKept from './20261213010000-aml-records-kept.js';

/**
 * Every migration, keyed by its file name. Listed explicitly so the build needs no file
 * scanning; a test checks this list against the folder.
 */
export const migrations: Record<string, Migration> = {
  '20251121120000-accounts': accounts,
  '20261121130000-wallets': wallets,
  '20261121140000-identity': identity,
  '20261121150000-trading': trading,
  '20261121160000-lean-ledger': leanLedger,
  '20261121170000-ledger-entries-transaction': entriesTransaction,
  '20261121180000-hot-path-writes': hotPathWrites,
  '20261123120000-deposit-address-lookup': depositAddressLookup,
  '20261123220000-uploads-at-rest': uploadsAtRest,
  '20261123230000-sign-in-retention': signInRetention,
  '20261124011000-admin-audit-trail': adminAuditTrail,
  '20261124015000-api-keys': apiKeys,
  '20261124016000-review-approvals': reviewApprovals,
  '20261124016100-tds': tds,
  '20261124016200-login-history': loginHistory,
  '20261124017000-two-factor': twoFactor,
  '20261124017900-account-locks-and-ledger-audits': accountLocks,
  '20261126190000-security-holds': securityHolds,
  '20261127100000-rupee-rails': rupeeRails,
  '20261127230000-proof-of-reserves': proofOfReserves,
  '20261128010000-user-language': userLanguage,
  '20261128030000-stop-orders': stopOrders,
  '20261128070000-withdrawal-controls': withdrawalControls,
  '20261128110000-price-alerts': priceAlerts,
  '20261128130000-number-grouping': numberGrouping,
  '20261128200000-idempotency-keys': idempotencyKeys,
  '20261128220000-listen-keys': listenKeys,
  '20261129100000-bank-account-validation': bankAccountValidation,
  '20261129110000-bank-credit-lines': bankCreditLines,
  '20261129120000-rate-approvals-and-payout-batches': rateApprovalsAndPayoutBatches,
  '20261129160000-second-factor-login-count': secondFactorLoginCount,
  '20261129160100-withdrawal-email-confirmation': withdrawalEmailConfirmation,
  '20261129170000-reserves-split-signed': reservesSplitSigned,
  '20261129180000-kyc-numbers-reviewed': kycNumbersReviewed,
  '20261129200000-key-checks': keyChecks,
  '20261129220000-rupee-paise': rupeePaise,
  '20261129230000-notification-values': notificationValues,
  '20261202000000-post-only-orders': postOnlyOrders,
  '20261205000000-custody-movements': custodyMovements,
  '20261206000000-aml-cases': amlCases,
  '20261210000000-order-quote-budget': orderQuoteBudget,
  '20261211000000-policy-signer': policySigner,
  '20261212000000-gst-on-fees': gstOnFees,
  '20261213000000-aml-case-work': amlCaseWork,
  '20261213010000-aml-records-kept': amlRecordsKept,
};
