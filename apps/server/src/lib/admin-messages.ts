/**
 * The server's refusals to admins (issue 36) that are not contracts' constants, and its notices
 * of their actions that succeeded (issue 47): reviews of deposits, withdrawals, bank accounts and
 * credits, bank statements, listings. A plain text is found by its English (`saidByEnglish`); one
 * with values is made with `said(key, ...values)`. Spread into `MESSAGES`.
 */

/** A refused line of an uploaded file (bank validation results): the file is refused whole. */
const lineEn = (line: number, why: string) =>
  `Line ${line} of the file: ${why}. Nothing was recorded.`;
const lineHi = (line: number, why: string) =>
  `फ़ाइल की पंक्ति ${line}: ${why}। कुछ भी दर्ज नहीं किया गया।`;

export const ADMIN_MESSAGES = {
  // Deposits, withdrawals and bank accounts under review.
  noPendingBankAccount: {
    en: 'No pending bank account with this id',
    hi: 'इस id का कोई लंबित बैंक खाता नहीं है',
  },
  ownBankAccount: {
    en: 'An admin cannot verify their own bank account',
    hi: 'एडमिन अपने बैंक खाते का सत्यापन खुद नहीं कर सकता',
  },
  awaitsBankPayout: {
    en: 'This withdrawal is approved: it waits for the bank’s payout',
    hi: 'यह निकासी स्वीकृत है: यह बैंक के भुगतान की प्रतीक्षा में है',
  },
  accountLockedReject: {
    en: 'This account is locked: unlock it or reject the withdrawal',
    hi: 'यह खाता लॉक है: इसे अनलॉक करें या निकासी अस्वीकार करें',
  },
  noPayoutOnChain: {
    en: 'This withdrawal has no payout on chain',
    hi: 'इस निकासी का चेन पर कोई भुगतान नहीं है',
  },
  onlyApprovedBankPaid: {
    en: 'Only an approved bank withdrawal can be marked paid',
    hi: 'केवल स्वीकृत बैंक निकासी को ही भुगतान हुआ चिह्नित किया जा सकता है',
  },
  // The rupee payout file (review N4-M3).
  sentRowNotRejected: {
    en: 'This withdrawal was sent to the bank in a payout file: two admins must record the bank’s return reference before it can be rejected',
    hi: 'यह निकासी पेआउट फ़ाइल में बैंक को भेजी जा चुकी है: इसे अस्वीकार करने से पहले दो एडमिन को बैंक का रिटर्न रेफ़रेंस दर्ज करना होगा',
  },
  returnNotSent: {
    en: 'Only a rupee withdrawal sent to the bank in a payout file can have a return recorded',
    hi: 'केवल पेआउट फ़ाइल में बैंक को भेजी गई रुपये की निकासी का ही रिटर्न दर्ज किया जा सकता है',
  },
  returnDiffers: {
    en: 'This return reference differs from the one already recorded: check the bank’s report',
    hi: 'यह रिटर्न रेफ़रेंस पहले दर्ज किए गए रेफ़रेंस से अलग है: बैंक की रिपोर्ट जाँचें',
  },
  returnRecordedAlready: {
    en: 'You have already recorded this return: a second, different admin must confirm it',
    hi: 'आप यह रिटर्न पहले ही दर्ज कर चुके हैं: किसी दूसरे एडमिन को इसकी पुष्टि करनी होगी',
  },
  returnedNotPaid: {
    en: 'The bank reported this payout as failed: reject it to refund the user',
    hi: 'बैंक ने यह भुगतान विफल बताया है: उपयोगकर्ता को रिफ़ंड करने के लिए इसे अस्वीकार करें',
  },
  payoutBatchNotFound: { en: 'Payout batch not found', hi: 'पेआउट बैच नहीं मिला' },
  resendOwnRequest: {
    en: 'You asked to send this batch again: a second, different admin must send it',
    hi: 'आपने यह बैच फिर से भेजने को कहा है: किसी दूसरे एडमिन को इसे भेजना होगा',
  },
  resendNotRequested: {
    en: 'Ask to send this batch again first: a second admin then downloads it',
    hi: 'पहले यह बैच फिर से भेजने का अनुरोध करें: फिर कोई दूसरा एडमिन इसे डाउनलोड करेगा',
  },
  // The USDT/INR reference rate (review N4-H2).
  rateOutOfBounds: {
    en: (min: string, max: string) => `The USDT/INR rate must lie between ₹${min} and ₹${max}`,
    hi: (min: string, max: string) => `USDT/INR दर ₹${min} और ₹${max} के बीच होनी चाहिए`,
  },
  noPendingRateProposal: {
    en: 'No pending USDT/INR rate proposal with this id',
    hi: 'इस id का कोई लंबित USDT/INR दर प्रस्ताव नहीं है',
  },
  ownRateProposal: {
    en: 'You proposed this rate: a second, different admin must approve it',
    hi: 'यह दर आपने प्रस्तावित की है: किसी दूसरे एडमिन को इसे स्वीकृत करना होगा',
  },
  notOnNetworkAdmin: {
    en: (coin: string, network: string) => `${coin} is not on ${network}`,
    hi: (coin: string, network: string) => `${coin} ${network} पर नहीं है`,
  },
  signerRefused: {
    en: (why: string) =>
      `The signer refused this transfer (${why}): it stays awaiting the signature. Reject it, or it is asked again each round`,
    hi: (why: string) =>
      `साइनर ने यह ट्रांसफ़र अस्वीकार किया (${why}): यह हस्ताक्षर की प्रतीक्षा में रहेगा। इसे अस्वीकार करें, या हर दौर में फिर से पूछा जाएगा`,
  },
  awaitingSigner: {
    en: 'Approved: the transfer waits for the signer and is sent as soon as it signs',
    hi: 'स्वीकृत: ट्रांसफ़र साइनर की प्रतीक्षा में है और हस्ताक्षर होते ही भेजा जाएगा',
  },
  hotWalletCannotPay: {
    en: (why: string) => `The hot wallet cannot pay this out: ${why}`,
    hi: (why: string) => `हॉट वॉलेट यह भुगतान नहीं कर सकता: ${why}`,
  },
  // Bank credits and statements.
  statementNotFound: { en: 'Statement not found', hi: 'स्टेटमेंट नहीं मिला' },
  bankCreditNotFound: { en: 'Bank credit not found', hi: 'बैंक क्रेडिट नहीं मिला' },
  noUnclaimedCredit: {
    en: 'No unclaimed bank credit with this id',
    hi: 'इस id का कोई बिना दावे वाला बैंक क्रेडिट नहीं है',
  },
  noUserWithEmail: { en: 'No user with this email', hi: 'इस ईमेल का कोई उपयोगकर्ता नहीं है' },
  creditNotFromOwnAccount: {
    en: 'This credit did not come from a verified bank account of this user: refund it',
    hi: 'यह क्रेडिट इस उपयोगकर्ता के किसी सत्यापित बैंक खाते से नहीं आया: इसे वापस करें',
  },
  noRefundableCredit: {
    en: 'No refundable bank credit with this id',
    hi: 'इस id का कोई वापस करने योग्य बैंक क्रेडिट नहीं है',
  },
  rupeesFromStatementOnly: {
    en: 'Rupee deposits are credited only from the bank statement: upload the statement that shows this UTR',
    hi: 'रुपये की जमा केवल बैंक स्टेटमेंट से क्रेडिट होती है: वह स्टेटमेंट अपलोड करें जिसमें यह UTR है',
  },
  utrCreditedNoRefund: {
    en: 'This UTR is credited to a user: it cannot be refunded',
    hi: 'यह UTR किसी उपयोगकर्ता को क्रेडिट हो चुका है: इसे वापस नहीं किया जा सकता',
  },
  statementUploadedAlready: {
    en: 'This statement was uploaded already: nothing was recorded',
    hi: 'यह स्टेटमेंट पहले ही अपलोड हो चुका है: कुछ भी दर्ज नहीं किया गया',
  },
  statementNotCsv: {
    en: (error: string) => `The statement is not a readable CSV file: ${error}`,
    hi: (error: string) => `स्टेटमेंट पढ़ने योग्य CSV फ़ाइल नहीं है: ${error}`,
  },
  statementFirstLine: {
    en: (columns: string) => `The statement's first line must be: ${columns}`,
    hi: (columns: string) => `स्टेटमेंट की पहली पंक्ति यह होनी चाहिए: ${columns}`,
  },
  hdfcNoHeader: {
    en: 'No HDFC statement header found (Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance)',
    hi: 'HDFC स्टेटमेंट का हेडर नहीं मिला (Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance)',
  },
  hdfcColumns: {
    en: 'The HDFC statement lacks its Chq./Ref.No. or Deposit Amt. column',
    hi: 'HDFC स्टेटमेंट में Chq./Ref.No. या Deposit Amt. कॉलम नहीं है',
  },
  // Bank validation files (penny drop).
  validationNotCsv: {
    en: (error: string) => `The validation file is not a readable CSV file: ${error}`,
    hi: (error: string) => `सत्यापन फ़ाइल पढ़ने योग्य CSV फ़ाइल नहीं है: ${error}`,
  },
  validationFirstLine: {
    en: (columns: string) => `The validation file's first line must be: ${columns}`,
    hi: (columns: string) => `सत्यापन फ़ाइल की पहली पंक्ति यह होनी चाहिए: ${columns}`,
  },
  validationLineTarget: {
    en: (line: number) =>
      lineEn(line, 'name an account (account_number and ifsc) or a UPI ID (vpa), not both'),
    hi: (line: number) =>
      lineHi(line, 'एक खाता (account_number और ifsc) या एक UPI ID (vpa) लिखें, दोनों नहीं'),
  },
  validationLineStatus: {
    en: (line: number, status: string) =>
      lineEn(line, `"${status}" is not an account_status (active, invalid or failed)`),
    hi: (line: number, status: string) =>
      lineHi(line, `"${status}" account_status नहीं है (active, invalid या failed)`),
  },
  validationLineName: {
    en: (line: number) => lineEn(line, 'an active account needs the registered_name'),
    hi: (line: number) => lineHi(line, 'सक्रिय खाते के लिए registered_name ज़रूरी है'),
  },
  validationLineReference: {
    en: (line: number) => lineEn(line, 'the reference is missing'),
    hi: (line: number) => lineHi(line, 'reference नहीं है'),
  },
  // Listings.
  notListedOn: {
    en: (coin: string, network: string) => `${coin} is not listed on ${network}`,
    hi: (coin: string, network: string) => `${coin} ${network} पर लिस्टेड नहीं है`,
  },
  listQuoteFirst: {
    en: (quote: string) => `List ${quote} first`,
    hi: (quote: string) => `पहले ${quote} लिस्ट करें`,
  },
  // What an admin's action that succeeded says (issue 47): a plain text found by its English.
  depositRejected: { en: 'Deposit rejected', hi: 'जमा अस्वीकार कर दी गई' },
  withdrawalRejected: { en: 'Withdrawal rejected', hi: 'निकासी अस्वीकार कर दी गई' },
  withdrawalPaid: { en: 'Withdrawal paid', hi: 'निकासी का भुगतान हो गया' },
  bankReturnRecorded: { en: 'Bank return recorded', hi: 'बैंक का रिटर्न दर्ज हो गया' },
  resendRequested: {
    en: 'Re-send requested: a second admin downloads the batch',
    hi: 'फिर से भेजने का अनुरोध दर्ज हो गया: कोई दूसरा एडमिन बैच डाउनलोड करेगा',
  },
  statementReconciled: { en: 'Statement reconciled', hi: 'स्टेटमेंट का मिलान हो गया' },
  creditAssigned: { en: 'Credit assigned', hi: 'क्रेडिट उपयोगकर्ता को दे दिया गया' },
  refundRecorded: { en: 'Refund recorded', hi: 'रिफ़ंड दर्ज हो गया' },
  bankValidationRecorded: { en: 'Bank validation recorded', hi: 'बैंक सत्यापन दर्ज हो गया' },
  bankAccountVerified: { en: 'Bank account verified', hi: 'बैंक खाता सत्यापित हो गया' },
  bankAccountRejected: { en: 'Bank account rejected', hi: 'बैंक खाता अस्वीकार कर दिया गया' },
  kycApproved: { en: 'Identity verification approved', hi: 'पहचान सत्यापन स्वीकृत हो गया' },
  kycRejected: {
    en: 'Identity verification rejected',
    hi: 'पहचान सत्यापन अस्वीकार कर दिया गया',
  },
  accountLockedByAdmin: { en: 'Account locked', hi: 'खाता लॉक कर दिया गया' },
  accountUnlocked: { en: 'Account unlocked', hi: 'खाता अनलॉक कर दिया गया' },
  rateSet: { en: 'USDT/INR rate set', hi: 'USDT/INR दर तय हो गई' },
  rateProposed: {
    en: 'Rate proposed: a second admin must approve it',
    hi: 'दर प्रस्तावित हो गई: किसी दूसरे एडमिन को इसे स्वीकृत करना होगा',
  },
  rateDeclined: { en: 'Rate proposal declined', hi: 'दर का प्रस्ताव अस्वीकार कर दिया गया' },
  reservesPublished: {
    en: 'Proof of reserves published',
    hi: 'रिज़र्व का प्रमाण प्रकाशित हो गया',
  },
  latestLedgerAudit: { en: 'Latest ledger audit', hi: 'लेजर का सबसे नया ऑडिट' },
  ledgerAuditNotRun: {
    en: 'The ledger audit has not run yet',
    hi: 'लेजर का ऑडिट अभी तक नहीं चला है',
  },
  ledgerConsistent: { en: 'Ledger is consistent', hi: 'लेजर में कोई गड़बड़ी नहीं है' },
  ledgerViolations: { en: 'Ledger violations found', hi: 'लेजर में गड़बड़ियाँ मिलीं' },
  // ... and one with values, made with `said(key, ...values)`.
  listed: {
    en: (name: string) => `${name} listed`,
    hi: (name: string) => `${name} लिस्ट हो गया`,
  },
  tradingHaltedOn: {
    en: (symbol: string) => `Trading halted on ${symbol}`,
    hi: (symbol: string) => `${symbol} पर ट्रेडिंग रोक दी गई`,
  },
  tradingResumedOn: {
    en: (symbol: string) => `Trading resumed on ${symbol}`,
    hi: (symbol: string) => `${symbol} पर ट्रेडिंग फिर से शुरू हो गई`,
  },
  feesChangedOn: {
    en: (symbol: string) => `Fees changed on ${symbol}`,
    hi: (symbol: string) => `${symbol} पर शुल्क बदल दिए गए`,
  },
  withdrawalFeeSet: {
    en: (coin: string, network: string) => `Withdrawal fee set for ${coin} on ${network}`,
    hi: (coin: string, network: string) => `${network} पर ${coin} का निकासी शुल्क तय हो गया`,
  },
};
