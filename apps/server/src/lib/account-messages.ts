import { addressLockedUntil, NEW_ADDRESS_LOCK_HOURS } from '@exchange/contracts';
import { bothZones } from './both-zones.js';

/**
 * The server's own refusals to users (issue 36) that are not contracts' constants: keys, KYC,
 * bank accounts, deposits, orders, sessions, connections. A plain text is found by its English
 * (`saidByEnglish`); one with values is made with `said(key, ...values)`. Spread into `MESSAGES`.
 */

/** Which price of an order a refusal names. */
export type PriceName = 'Price' | 'Stop price' | 'Stop-limit price';
const PRICE_HI: Record<PriceName, string> = {
  Price: 'भाव',
  'Stop price': 'स्टॉप भाव',
  'Stop-limit price': 'स्टॉप-लिमिट भाव',
};

export const ACCOUNT_MESSAGES = {
  // Who may call.
  apiKeysCannotCall: { en: 'API keys cannot call this', hi: 'API कुंजी से यह कॉल नहीं किया जा सकता' },
  administratorsOnly: { en: 'Administrators only', hi: 'केवल एडमिन के लिए' },
  userNotFound: { en: 'User not found', hi: 'उपयोगकर्ता नहीं मिला' },
  notFound: { en: 'Not found', hi: 'नहीं मिला' },
  noSuchSession: { en: 'No such session', hi: 'ऐसा कोई सत्र नहीं है' },
  // API keys.
  apiKeyNotFound: { en: 'API key not found', hi: 'API कुंजी नहीं मिली' },
  apiKeyInvalid: { en: 'Invalid API key', hi: 'API कुंजी गलत है' },
  apiKeyRevoked: { en: 'API key revoked', hi: 'API कुंजी रद्द कर दी गई है' },
  apiKeyExpired: { en: 'API key expired', hi: 'API कुंजी की अवधि खत्म हो गई है' },
  apiSignatureFormat: {
    en: 'X-API-SIGNATURE must be 64 lowercase hex digits',
    hi: 'X-API-SIGNATURE में 64 छोटे (lowercase) हेक्स अंक होने चाहिए',
  },
  apiSignatureMismatch: { en: 'Signature does not match', hi: 'सिग्नेचर मेल नहीं खाता' },
  apiSignatureReplayed: {
    en: 'Request already received (replayed signature)',
    hi: 'यह अनुरोध पहले ही मिल चुका है (सिग्नेचर दोबारा भेजा गया)',
  },
  apiKeyMaxActive: {
    en: (max: number) => `At most ${max} active API keys`,
    hi: (max: number) => `ज़्यादा से ज़्यादा ${max} सक्रिय API कुंजियाँ`,
  },
  apiKeyLacksScope: {
    en: (scope: string) => `This API key lacks the ${scope} permission`,
    hi: (scope: string) => `इस API कुंजी के पास ${scope} की अनुमति नहीं है`,
  },
  apiKeyIpNotAllowed: {
    en: (ip: string) => `IP address ${ip} is not allowed for this API key`,
    hi: (ip: string) => `IP पता ${ip} इस API कुंजी के लिए अनुमत नहीं है`,
  },
  apiTimestampOutsideWindow: {
    en: (ms: number) =>
      `Timestamp outside the receive window (at most ${ms} ms behind the server's clock, less than 1000 ms ahead)`,
    hi: (ms: number) =>
      `टाइमस्टैम्प रिसीव विंडो से बाहर है (सर्वर की घड़ी से अधिकतम ${ms} ms पीछे, 1000 ms से कम आगे)`,
  },
  apiTimestampBeforeServing: {
    en: "Timestamp earlier than this server's start: sign the request again with the current time",
    hi: 'टाइमस्टैम्प इस सर्वर के शुरू होने से पहले का है: मौजूदा समय के साथ अनुरोध दोबारा साइन करें',
  },
  // Passkeys, identity, files.
  passkeyRegistered: {
    en: 'This passkey is already registered',
    hi: 'यह पासकी पहले से रजिस्टर है',
  },
  verificationRequestNotFound: {
    en: 'Verification request not found',
    hi: 'सत्यापन अनुरोध नहीं मिला',
  },
  requestAlreadyReviewed: {
    en: 'This request was already reviewed',
    hi: 'इस अनुरोध की समीक्षा पहले ही हो चुकी है',
  },
  fileNotFound: { en: 'File not found', hi: 'फ़ाइल नहीं मिली' },
  unknownFile: { en: 'Unknown file', hi: 'अज्ञात फ़ाइल' },
  // Bank accounts and rupees.
  bankAccountNotFound: { en: 'Bank account not found', hi: 'बैंक खाता नहीं मिला' },
  bankAccountInUse: {
    en: 'A withdrawal to this account is in progress: remove it later',
    hi: 'इस खाते में एक निकासी चल रही है: इसे बाद में हटाएँ',
  },
  rupeeOverDailyLimit: {
    en: (limit: string, left: string) =>
      `Over the daily limit of ₹${limit}: you can withdraw ₹${left} more today`,
    hi: (limit: string, left: string) =>
      `यह ₹${limit} की दैनिक सीमा से ज़्यादा है: आज आप ₹${left} और निकाल सकते हैं`,
  },
  // A date is a value, worded in the reader's language (its month's name).
  withdrawalsHeld: {
    en: (until: Date) =>
      `Withdrawals are on hold after a security change on your account, until ${bothZones(until)}`,
    hi: (until: Date) =>
      `आपके खाते में सुरक्षा बदलाव के बाद निकासी ${bothZones(until, 'hi')} तक रोकी गई है`,
  },
  bankAccountNew: {
    en: (hours: string, until: Date) =>
      `This bank account was verified less than ${hours} hours ago: withdrawals to it open at ${bothZones(until)}`,
    hi: (hours: string, until: Date) =>
      `यह बैंक खाता ${hours} घंटे से कम समय पहले सत्यापित हुआ है: इसमें निकासी ${bothZones(until, 'hi')} से हो सकेगी`,
  },
  addressLockedUntil: {
    en: (from: Date) => addressLockedUntil(bothZones(from)),
    hi: (from: Date) =>
      `यह पता ${NEW_ADDRESS_LOCK_HOURS} घंटे से कम समय पहले जोड़ा गया है: इसका इस्तेमाल ${bothZones(from, 'hi')} से हो सकेगा`,
  },
  // Deposits.
  tooManyRupeeClaims: {
    en: (n: number) =>
      `You have ${n} rupee deposits waiting for the bank's statement: wait until they are credited or refused`,
    hi: (n: number) =>
      `आपकी ${n} रुपये की जमा बैंक के स्टेटमेंट की प्रतीक्षा में हैं: उनके क्रेडिट या अस्वीकार होने तक रुकें`,
  },
  noPendingDeposit: {
    en: 'No pending deposit with this id',
    hi: 'इस id की कोई लंबित जमा नहीं है',
  },
  transactionSubmitted: {
    en: 'This transaction has already been submitted',
    hi: 'यह ट्रांज़ैक्शन पहले ही जमा किया जा चुका है',
  },
  transactionCredited: {
    en: 'This transaction has already been credited',
    hi: 'यह ट्रांज़ैक्शन पहले ही जमा हो चुका है',
  },
  // What the chain says of a claimed deposit (chain/evm-verifier.ts).
  txHashNotValid: {
    en: 'The transaction hash is not valid',
    hi: 'ट्रांज़ैक्शन हैश मान्य नहीं है',
  },
  txFailedOnChain: { en: 'Transaction failed on chain', hi: 'ट्रांज़ैक्शन चेन पर विफल रहा' },
  txWrongRecipient: {
    en: 'The transfer does not go to your deposit address',
    hi: 'यह ट्रांसफ़र आपके जमा पते पर नहीं जाता',
  },
  txWrongSender: {
    en: 'The transfer is not from the sender address',
    hi: 'यह ट्रांसफ़र भेजने वाले के पते से नहीं है',
  },
  txWrongToken: {
    en: 'The token transferred is not listed on this exchange',
    hi: 'ट्रांसफ़र किया गया टोकन इस Exchange पर लिस्टेड नहीं है',
  },
  txAmountMismatch: {
    en: 'The amount does not match the transaction',
    hi: 'राशि ट्रांज़ैक्शन से मेल नहीं खाती',
  },
  txNothingReceived: {
    en: 'The transaction transfers nothing to your deposit address',
    hi: 'यह ट्रांज़ैक्शन आपके जमा पते पर कुछ भी ट्रांसफ़र नहीं करता',
  },
  notDepositableOn: {
    en: (coin: string, network: string) => `${coin} cannot be deposited on ${network}`,
    hi: (coin: string, network: string) => `${coin} को ${network} पर जमा नहीं किया जा सकता`,
  },
  // Orders and markets.
  unknownToken: { en: 'Unknown token', hi: 'अज्ञात टोकन' },
  unknownSymbol: {
    en: (symbol: string) => `Unknown symbol ${symbol}`,
    hi: (symbol: string) => `अज्ञात सिंबल ${symbol}`,
  },
  stopLimitGtcOnly: {
    en: 'A stop-limit order rests until triggered: GTC only',
    hi: 'स्टॉप-लिमिट ऑर्डर ट्रिगर होने तक बुक में रहता है: केवल GTC',
  },
  priceOutOfRange: { en: 'Price is out of range', hi: 'भाव सीमा से बाहर है' },
  volumeOutOfRange: { en: 'Volume is out of range', hi: 'वॉल्यूम सीमा से बाहर है' },
  tradingHalted: { en: 'Trading is halted', hi: 'ट्रेडिंग रुकी हुई है' },
  orderRefused: {
    en: (code: string) => `Order refused (${code})`,
    hi: (code: string) => `ऑर्डर अस्वीकार किया गया (${code})`,
  },
  priceStep: {
    en: (what: PriceName, tick: string, coin: string) =>
      `${what} must be a positive multiple of ${tick} ${coin}`,
    hi: (what: PriceName, tick: string, coin: string) =>
      `${PRICE_HI[what]} 0 से ज़्यादा और ${tick} ${coin} के गुणकों में होना चाहिए`,
  },
  priceTooHigh: {
    en: (what: PriceName) => `${what} is too high`,
    hi: (what: PriceName) => `${PRICE_HI[what]} बहुत ज़्यादा है`,
  },
  quoteAmountBuyOnly: {
    en: 'Only a market buy may give the quote amount to spend',
    hi: 'खर्च की जाने वाली कोट राशि केवल मार्केट खरीद ऑर्डर में दी जा सकती है',
  },
  quoteAmountPositive: {
    en: 'The quote amount must be positive',
    hi: 'कोट राशि 0 से ज़्यादा होनी चाहिए',
  },
  quoteAmountTooLarge: { en: 'The quote amount is too large', hi: 'कोट राशि बहुत ज़्यादा है' },
  // Connections (the feed and order entry sockets).
  noWebSocketEndpoint: {
    en: 'No WebSocket endpoint at this path',
    hi: 'इस पाथ पर कोई WebSocket एंडपॉइंट नहीं है',
  },
  tooManyConnectionAttempts: {
    en: 'Too many connection attempts',
    hi: 'कनेक्शन की बहुत ज़्यादा कोशिशें',
  },
  tooManyConnectionAttemptsWait: {
    en: 'Too many connection attempts. Try again in a minute',
    hi: 'कनेक्शन की बहुत ज़्यादा कोशिशें। एक मिनट बाद फिर कोशिश करें',
  },
  serverFull: {
    en: 'The server is full. Try again later',
    hi: 'सर्वर भरा हुआ है। बाद में फिर कोशिश करें',
  },
  tooManyFromAddress: {
    en: 'Too many connections from this address',
    hi: 'इस पते से बहुत ज़्यादा कनेक्शन',
  },
  tooManyForAccount: {
    en: 'Too many connections for this account',
    hi: 'इस खाते के लिए बहुत ज़्यादा कनेक्शन',
  },
  // Tax.
  rateAboveZero: { en: 'Rate must be above 0', hi: 'दर 0 से ज़्यादा होनी चाहिए' },
  unknownUser: { en: 'Unknown user', hi: 'अज्ञात उपयोगकर्ता' },
};
