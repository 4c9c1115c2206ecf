import {
  ACCOUNT_LOCKED_MESSAGE,
  AUTH_MESSAGES,
  ORDER_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  amountAllowsDecimals,
  amountCannotExceed,
  belowWithdrawMinimum,
  FALLBACK_ERROR_MESSAGE,
  notAboveWithdrawFee,
  overDailyWithdrawLimit,
  pairHaltedMessage,
  TWO_FACTOR_MESSAGES,
  UNAVAILABLE_MESSAGE,
  WALLET_MESSAGES,
  WITHDRAWAL_CONTROL_MESSAGES,
  type Language,
} from '@exchange/contracts';
import { ACCOUNT_MESSAGES } from './account-messages.js';
import { ADMIN_MESSAGES } from './admin-messages.js';
import { contractMessage, contractMessages } from './contract-messages.js';
import { NOTICE_MESSAGES } from './notice-messages.js';

/**
 * The server's messages in every language (issue 36), by a stable key: English is the text the
 * API always sent (the contracts' constant where there is one, so it stays the one source), Hindi
 * follows docs/hindi-glossary.md (a contracts' text takes the contracts' Hindi: `contractMessage`). A text with values is a function, the same in each language.
 * An `AppError` made with `said(key, ...values)` answers in the request's language (the signed-in
 * user's saved one, else Accept-Language: plugins/error-handler.ts); its `message` stays English,
 * for logs and the code that reads it.
 */
const OWN_MESSAGES = {
  // Signing up, logging in, codes.
  emailVerificationPending: {
    en: 'Email verification pending. Verify your email',
    hi: 'ईमेल का सत्यापन बाकी है। अपना ईमेल सत्यापित करें',
  },
  invalidCredentials: {
    en: 'Invalid email or password',
    hi: 'ईमेल या पासवर्ड गलत है',
  },
  emailNotVerified: {
    en: 'Verify your email before logging in',
    hi: 'लॉग इन करने से पहले अपना ईमेल सत्यापित करें',
  },
  accountLocked: {
    en: ACCOUNT_LOCKED_MESSAGE,
    hi: 'यह खाता लॉक है। कृपया सपोर्ट से संपर्क करें।',
  },
  loginExpired: contractMessage(TWO_FACTOR_MESSAGES.challengeExpired),
  resetExpired: {
    en: 'This reset request has expired. Start again',
    hi: 'पासवर्ड रीसेट का यह अनुरोध समाप्त हो गया है। फिर से शुरू करें',
  },
  authenticationRequired: {
    en: 'Authentication required',
    hi: 'लॉग इन ज़रूरी है',
  },
  sessionExpired: {
    en: 'Session expired. Log in again',
    hi: 'सत्र समाप्त हो गया। फिर से लॉग इन करें',
  },
  otpCooldown: {
    en: (seconds: number) => `Please wait ${seconds}s before requesting another code`,
    hi: (seconds: number) => `नया कोड माँगने से पहले कृपया ${seconds} सेकंड रुकें`,
  },
  otpLimit: {
    en: 'Too many codes requested. Try again later',
    hi: 'बहुत ज़्यादा कोड माँगे गए। बाद में फिर कोशिश करें',
  },
  otpInvalid: {
    en: 'Invalid or expired verification code. Check it or request a new one',
    hi: 'सत्यापन कोड गलत है या उसकी अवधि खत्म हो गई है। कोड जाँचें या नया कोड माँगें',
  },
  wrongCurrentPassword: contractMessage(PASSWORD_CHANGE_MESSAGES.wrongCurrent),
  samePassword: contractMessage(PASSWORD_CHANGE_MESSAGES.unchanged),
  commonPassword: contractMessage(AUTH_MESSAGES.passwordCommon),
  // The second factor.
  wrongCode: {
    en: (left: number) =>
      `${TWO_FACTOR_MESSAGES.codeInvalid}. ${left === 1 ? '1 try left' : `${left} tries left`}`,
    hi: (left: number) =>
      `ऑथेंटिकेटर कोड गलत है। ${left === 1 ? '1 कोशिश बाकी' : `${left} कोशिशें बाकी`}`,
  },
  codeUsed: {
    en: (seconds: number) => `${TWO_FACTOR_MESSAGES.codeUsed}: it comes in ${seconds} s`,
    hi: (seconds: number) =>
      `यह कोड पहले ही इस्तेमाल हो चुका है। अगला कोड ${seconds} सेकंड में आएगा, उसकी प्रतीक्षा करें`,
  },
  codeRequiredForAction: contractMessage(TWO_FACTOR_MESSAGES.codeRequiredForAction),
  secondFactorPaused: {
    en: (minutes: number) =>
      `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    hi: (minutes: number) => `बहुत ज़्यादा गलत कोड। ${minutes} मिनट बाद फिर कोशिश करें`,
  },
  // Limits.
  rateLimited: {
    en: (seconds: number) => `Too many requests. Try again in ${seconds}s`,
    hi: (seconds: number) => `बहुत ज़्यादा अनुरोध। ${seconds} सेकंड बाद फिर कोशिश करें`,
  },
  kycRequired: {
    en: 'Complete identity verification to unlock deposit and trading permissions',
    hi: 'जमा और ट्रेडिंग की अनुमति पाने के लिए पहचान सत्यापन पूरा करें',
  },
  // Amounts and balances.
  insufficientBalance: {
    en: 'Insufficient balance',
    hi: 'अपर्याप्त बैलेंस',
  },
  amountTooLarge: contractMessage(WALLET_MESSAGES.amountTooLarge),
  amountAllowsDecimals: {
    en: amountAllowsDecimals,
    hi: (places: number) => `राशि में दशमलव के बाद ज़्यादा से ज़्यादा ${places} अंक हो सकते हैं`,
  },
  amountPositive: contractMessage(WALLET_MESSAGES.amountPositive),
  amountCannotExceed: {
    en: amountCannotExceed,
    hi: (max: string) => `राशि ${max} से ज़्यादा नहीं हो सकती`,
  },
  // Orders.
  pairHalted: {
    en: pairHaltedMessage,
    hi: (symbol: string) => `${symbol} पर ट्रेडिंग रुकी हुई है`,
  },
  noOrdersToMatch: {
    en: (side: 'buy' | 'sell', symbol: string) =>
      `No ${side === 'buy' ? 'sell' : 'buy'} orders to match a market order on ${symbol}`,
    hi: (side: 'buy' | 'sell', symbol: string) =>
      `${symbol} पर मार्केट ऑर्डर से मिलान के लिए कोई ${side === 'buy' ? 'बेचने' : 'खरीदने'} का ऑर्डर नहीं है`,
  },
  clientOrderIdUsed: {
    en: (id: string) =>
      `Client order id ${id} is already used by another of your orders of the last 24 hours`,
    hi: (id: string) =>
      `क्लाइंट ऑर्डर id ${id} पिछले 24 घंटों के आपके किसी दूसरे ऑर्डर में पहले से इस्तेमाल हो चुका है`,
  },
  minOrderValue: {
    en: (amount: string, coin: string) => `Order value must be at least ${amount} ${coin}`,
    hi: (amount: string, coin: string) => `ऑर्डर का मूल्य कम से कम ${amount} ${coin} होना चाहिए`,
  },
  volumeStep: {
    en: (lot: string, coin: string) => `Volume must be a positive multiple of ${lot} ${coin}`,
    hi: (lot: string, coin: string) => `वॉल्यूम 0 से ज़्यादा और ${lot} ${coin} के गुणकों में होना चाहिए`,
  },
  volumeTooLarge: {
    en: 'Volume is too large',
    hi: 'वॉल्यूम बहुत ज़्यादा है',
  },
  tooManyOpenOrders: {
    en: (max: number, symbol: string) =>
      `Too many open orders: you may have at most ${max} open orders on ${symbol}. Cancel some first`,
    hi: (max: number, symbol: string) =>
      `बहुत ज़्यादा खुले ऑर्डर: ${symbol} पर आपके ज़्यादा से ज़्यादा ${max} खुले ऑर्डर हो सकते हैं। पहले कुछ रद्द करें`,
  },
  tooManyStops: {
    en: (max: number, symbol: string) =>
      `Too many stop orders: you may have at most ${max} untriggered stop orders on ${symbol} (an OCO's stop counts). Cancel some first`,
    hi: (max: number, symbol: string) =>
      `बहुत ज़्यादा स्टॉप ऑर्डर: ${symbol} पर आपके ज़्यादा से ज़्यादा ${max} बिना ट्रिगर हुए स्टॉप ऑर्डर हो सकते हैं (OCO का स्टॉप भी गिना जाता है)। पहले कुछ रद्द करें`,
  },
  sellStopBelowLast: contractMessage(ORDER_MESSAGES.sellStopBelowLast),
  buyStopAboveLast: contractMessage(ORDER_MESSAGES.buyStopAboveLast),
  ocoSellPrices: contractMessage(ORDER_MESSAGES.ocoSellPrices),
  ocoBuyPrices: contractMessage(ORDER_MESSAGES.ocoBuyPrices),
  orderNotFound: {
    en: 'Order not found',
    hi: 'ऑर्डर नहीं मिला',
  },
  postOnlyWouldCross: {
    en: 'A post-only order would match at once',
    hi: 'पोस्ट-ओनली ऑर्डर तुरंत मैच हो जाएगा',
  },
  fillOrKillNotFillable: {
    en: 'A fill-or-kill order cannot fill completely',
    hi: 'फ़िल-ऑर-किल ऑर्डर पूरा नहीं भर सकता',
  },
  // Transfers and withdrawals.
  transferSameWallet: contractMessage(WALLET_MESSAGES.walletsMustDiffer),
  notOnNetwork: {
    en: (coin: string, network: string) => `${coin} cannot be withdrawn on ${network}`,
    hi: (coin: string, network: string) => `${coin} की निकासी ${network} पर नहीं हो सकती`,
  },
  belowWithdrawMinimum: {
    en: belowWithdrawMinimum,
    hi: (minimum: string, coin: string) => `न्यूनतम निकासी ${minimum} ${coin} है`,
  },
  notAboveWithdrawFee: {
    en: notAboveWithdrawFee,
    hi: (fee: string, coin: string) => `राशि ${fee} ${coin} के शुल्क से ज़्यादा होनी चाहिए`,
  },
  overDailyWithdrawLimit: {
    en: overDailyWithdrawLimit,
    hi: (limit: string, left: string) =>
      `यह आपकी ${limit} USDT की दैनिक निकासी सीमा से ज़्यादा है: आज आप ${left} USDT और निकाल सकते हैं`,
  },
  addressChecksum: contractMessage(WALLET_MESSAGES.addressChecksum),
  addressZero: contractMessage(WALLET_MESSAGES.addressZero),
  addressContract: contractMessage(WALLET_MESSAGES.addressContract),
  addressInternal: contractMessage(WALLET_MESSAGES.addressInternal),
  notWhitelisted: contractMessage(WITHDRAWAL_CONTROL_MESSAGES.notWhitelisted),
  noPendingWithdrawal: {
    en: 'No pending withdrawal with this id',
    hi: 'इस id की कोई लंबित निकासी नहीं है',
  },
  notCancellable: contractMessage(WITHDRAWAL_CONTROL_MESSAGES.notCancellable),
  // What a 5xx says.
  somethingWentWrong: {
    en: FALLBACK_ERROR_MESSAGE,
    hi: 'कुछ गड़बड़ हो गई',
  },
  tryAgain: {
    en: UNAVAILABLE_MESSAGE,
    hi: 'कृपया फिर से कोशिश करें',
  },
  // The server's own refusals: to users (lib/account-messages.ts) and to admins (admin-messages.ts);
  // its notices of a success (issue 47): to users (notice-messages.ts), to admins (admin-messages.ts).
  ...ACCOUNT_MESSAGES,
  ...ADMIN_MESSAGES,
  ...NOTICE_MESSAGES,
} satisfies Record<string, { en: Text; hi: Text }>;

/**
 * The whole catalog: the server's own messages and the contracts' other ones (validation and
 * refusals, by `NAME.key`), whose Hindi is the contracts' (`@exchange/contracts/messages-hi`).
 */
export const MESSAGES = { ...OWN_MESSAGES, ...contractMessages(OWN_MESSAGES) };

type Text = string | ((...values: never[]) => string);
export type MessageKey = keyof typeof MESSAGES;
type ValuesOf<K extends MessageKey> = (typeof MESSAGES)[K]['en'] extends (
  ...values: infer V
) => string
  ? V
  : [];

/**
 * A message to be said in the reader's language: its key and values. Sent as JSON without a
 * language (a field's message in `data`, a socket's answer), it is the English text.
 */
export interface Said {
  readonly key: MessageKey;
  readonly values: readonly unknown[];
  toJSON(): string;
}

/** The message `key` with its `values`, for an `AppError` to answer in the request's language. */
export const said = <K extends MessageKey>(key: K, ...values: ValuesOf<K>): Said => ({
  key,
  values,
  toJSON() {
    return textOf(this, 'en');
  },
});

export const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' &&
  value !== null &&
  'key' in value &&
  typeof value.key === 'string' &&
  Object.hasOwn(MESSAGES, value.key);

/**
 * A refusal's `data` in `language`: the field messages of its `errors` that came from the
 * catalog, said in it; anything else as it is.
 */
export function dataIn(data: unknown, language: Language): unknown {
  if (typeof data !== 'object' || data === null || !('errors' in data)) return data;
  const { errors } = data;
  if (typeof errors !== 'object' || errors === null) return data;
  const said = Object.entries(errors).map(([field, text]) => [
    field,
    isSaid(text)
      ? textOf(text, language)
      : typeof text === 'string'
        ? knownTextIn(text, language)
        : text,
  ]);
  return { ...data, errors: Object.fromEntries(said) };
}

/** The catalog's texts without values, by their English: the contracts' validation messages. */
const BY_ENGLISH = new Map(
  (Object.keys(MESSAGES) as MessageKey[]).flatMap((key) => {
    const { en } = MESSAGES[key];
    return typeof en === 'string' ? [[en, key] as const] : [];
  }),
);

/**
 * The catalog's message whose English is `text` (one without values), so that a refusal made with
 * a contracts' constant is said in the reader's language without naming its key.
 */
export function saidByEnglish(text: string): Said | undefined {
  const key = BY_ENGLISH.get(text);
  return key ? { key, values: [], toJSON: () => text } : undefined;
}

/**
 * A schema's message (zod gives only its text) in `language`, when the catalog has it; else the
 * text as it is.
 */
export function knownTextIn(text: string, language: Language): string {
  const key = BY_ENGLISH.get(text);
  return key ? textOf({ key, values: [] }, language) : text;
}

/** What `message` says in `language` (English when the catalog lacks the language). */
export function textOf(message: Pick<Said, 'key' | 'values'>, language: Language): string {
  const entry: { en: Text } & { [L in Language]?: Text } = MESSAGES[message.key];
  const text = entry[language] ?? entry.en;
  return typeof text === 'string'
    ? text
    : (text as (...values: unknown[]) => string)(...message.values);
}
