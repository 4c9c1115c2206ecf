import { ADMIN_MARKET_MESSAGES } from './admin-markets.js';
import { ADMIN_USER_MESSAGES } from './admin-users.js';
import { REVIEW_MESSAGES } from './admin.js';
import { AML_MESSAGES } from './aml.js';
import { API_KEY_MESSAGES } from './api-keys.js';
import { AUTH_MESSAGES } from './auth.js';
import { IDEMPOTENCY_MESSAGES } from './idempotency.js';
import { KYC_MESSAGES, UPLOAD_MESSAGES } from './kyc.js';
import { ORDER_MESSAGES } from './order-constants.js';
import { ORDER_ENTRY_MESSAGES } from './order-entry.js';
import { PROOF_OF_RESERVES_MESSAGES } from './proof-of-reserves.js';
import { RUPEE_MESSAGES } from './rupee.js';
import { TEXT_MESSAGES } from './storable-text.js';
import { TAX_MESSAGES } from './tax.js';
import { PRICE_ALERT_MESSAGES } from './trader-tools.js';
import { PASSWORD_CHANGE_MESSAGES, TWO_FACTOR_MESSAGES } from './two-factor.js';
import { WALLET_MESSAGES } from './wallet-constants.js';
import { WITHDRAWAL_CONTROL_MESSAGES } from './withdrawal-controls.js';

/**
 * Every contracts' `*_MESSAGES` object, by name: the texts a schema or a refusal says, which each
 * language translates whole (`messages-hi.ts`).
 */
export const CONTRACT_MESSAGES = {
  ADMIN_MARKET_MESSAGES,
  ADMIN_USER_MESSAGES,
  AML_MESSAGES,
  API_KEY_MESSAGES,
  AUTH_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  KYC_MESSAGES,
  ORDER_ENTRY_MESSAGES,
  ORDER_MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  PRICE_ALERT_MESSAGES,
  PROOF_OF_RESERVES_MESSAGES,
  REVIEW_MESSAGES,
  RUPEE_MESSAGES,
  TAX_MESSAGES,
  TEXT_MESSAGES,
  TWO_FACTOR_MESSAGES,
  UPLOAD_MESSAGES,
  WALLET_MESSAGES,
  WITHDRAWAL_CONTROL_MESSAGES,
};

export type ContractMessages = typeof CONTRACT_MESSAGES;

/** A translation of every text of every `*_MESSAGES` object: each key, no other. */
export type ContractTranslation = {
  readonly [N in keyof ContractMessages]: {
    readonly [
      K in keyof ContractMessages[N] as ContractMessages[N][K] extends string ? K : never
    ]: string;
  };
};

/** One contracts' message in English and in a translation, by its `NAME.key`. */
export interface TranslatedMessage {
  readonly key: `${keyof ContractMessages}.${string}`;
  readonly en: string;
  readonly text: string;
}

/**
 * A translation's messages, each English text once (the first object that says it): what the
 * server's catalog and the web app's `messages` namespace look texts up by.
 */
export function translatedMessages(translation: ContractTranslation): TranslatedMessage[] {
  const seen = new Set<string>();
  return Object.entries(CONTRACT_MESSAGES).flatMap(([name, english]) =>
    Object.entries(translation[name as keyof ContractMessages]).flatMap(([key, text]) => {
      const en: string | undefined = (english as Record<string, string>)[key];
      if (en === undefined || seen.has(en)) return [];
      seen.add(en);
      return [
        { key: `${name as keyof ContractMessages}.${key}` as const, en, text: text as string },
      ];
    }),
  );
}
