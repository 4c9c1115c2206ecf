import type { Language } from '@exchange/contracts';
import { escapeHtml, mailLayout } from './layout.js';
import { bothZones } from '../lib/both-zones.js';
import { DETAILS_HI, describeHi } from './security-notices-hi.js';
import type { MailMessage } from './mailer.js';

/** Where an action came from, when a person's request made it. */
export interface NoticeOrigin {
  ip: string | null;
  /** A short device name ("Chrome 131 on Windows"). */
  device: string;
}

/** A money amount as shown: "125.5 USDT". */
interface Funds {
  amount: string;
  token: string;
  network: string;
}

/** What happened to the account. Every notice is one of these. */
export type SecurityEvent =
  | { type: 'new_login' }
  | {
      type: 'password_changed';
      /** A reset's evictions (review N-M2); a change with none leaves them out. */
      apiKeysRevoked?: number;
      suspendedPasskeys?: { name: string; addedAt: Date }[];
      heldUntil?: Date;
      /** Changed while signed in: the session that changed it stays. */
      kept?: boolean;
    }
  | { type: 'second_factor_added'; method: string }
  | { type: 'second_factor_removed'; method: string }
  /** Five wrong codes in a row: the second factor refuses codes until `until`. */
  | { type: 'second_factor_paused'; until: Date }
  | ({
      type: 'withdrawal_requested';
      address: string;
      /** What the address receives, the network's fee kept from the amount (none: no fee). */
      receive?: string;
      fee?: string;
      /** The page that cancels it (a single-use link that expires); absent on the bank rail. */
      cancel?: { url: string; hours: number };
      /**
       * The page that confirms it (a single-use link that expires): a user without a second
       * factor, to an address never withdrawn to (walk-4 W4-4). Until then it is held, not reviewed.
       */
      confirm?: { url: string; minutes: number };
    } & Funds)
  | ({ type: 'withdrawal_cancelled' } & Funds)
  | { type: 'withdraw_address_added'; label: string; network: string; address: string }
  /** Turned off: the cooling-off period it started (review N4-M2). */
  | { type: 'withdraw_whitelist_changed'; enabled: boolean; heldUntil?: Date }
  /** A payout bank account (review N4-L6): `account` masked to its last four digits. */
  | { type: 'bank_account_added'; bank: string; account: string; ifsc: string }
  | {
      type: 'bank_account_verified';
      bank: string;
      account: string;
      ifsc: string;
      /** Rupee withdrawals to it open then (SECURITY_HOLD_HOURS after the verification). */
      payoutsFrom: Date;
    }
  | { type: 'anti_phishing_changed'; removed: boolean }
  | ({ type: 'withdrawal_approved'; address: string; txHash: string | null } & Funds)
  | ({ type: 'withdrawal_rejected'; reason: string } & Funds)
  | ({ type: 'deposit_credited'; txHash: string } & Funds)
  /** `reason` is shown to the owner: leave it out when it is for the staff only. */
  | { type: 'account_locked'; reason?: string; until: Date | null }
  /** An admin's decision on the identity request (walk-3 D19). */
  | { type: 'identity_approved' }
  | { type: 'identity_rejected'; reason: string };

export type SecurityEventType = SecurityEvent['type'];

const SECURE_ACCOUNT =
  'If this was not you, reset your password at once ("Forgot password?" on the login screen), ' +
  'log out every other session on the Security page of your profile, and contact support.';
const CONTACT_SUPPORT = 'If you do not recognise this, contact support at once.';

/** A link a notice offers (escaped where the mail is built). */
interface NoticeLink {
  label: string;
  url: string;
}

/** A notice's subject, what happened, how to react, and a link to act. */
export interface NoticeText {
  subject: string;
  what: string[];
  react: string;
  link?: NoticeLink;
}

/** Subject, what happened, how to react, and a link to act, for each event. */
function describe(event: SecurityEvent): NoticeText {
  switch (event.type) {
    case 'new_login':
      return {
        subject: 'New login to your account',
        what: ['Your account was logged in to from a device or address it had not used before.'],
        react: SECURE_ACCOUNT,
      };
    case 'password_changed':
      return {
        subject: 'Your password was changed',
        what: [
          `The password of your account was changed and every ${event.kept ? 'other ' : ''}session was logged out.`,
          ...resetEvictions(event),
        ],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_added':
      return {
        subject: 'Second factor added',
        what: [`A second factor was added to your account: ${event.method}.`],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_removed':
      return {
        subject: 'Second factor removed',
        what: [`A second factor was removed from your account: ${event.method}.`],
        react: SECURE_ACCOUNT,
      };
    case 'second_factor_paused':
      return {
        subject: 'Wrong second-factor codes',
        what: [
          'Five wrong codes in a row were entered for the second factor of your account, after its password or in a signed-in session.',
          `Codes are refused until ${bothZones(event.until)}.`,
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdrawal_requested':
      if (event.confirm) return confirmRequest(event, event.confirm);
      return {
        subject: 'Withdrawal requested',
        what: [
          `A withdrawal of ${event.amount} ${event.token} on ${event.network} was requested.`,
          `To address: ${event.address}`,
          ...(!event.fee || event.fee === '0'
            ? []
            : [
                `Network fee: ${event.fee} ${event.token}. The address receives ${event.receive} ${event.token}.`,
              ]),
          'It is held in your funding wallet until it is reviewed.',
          ...(event.cancel
            ? [
                `If you did not ask for it, cancel it with this link while it waits for review (it works once, for ${event.cancel.hours} hours): ${event.cancel.url}`,
              ]
            : []),
        ],
        react: `${SECURE_ACCOUNT} Support can stop the withdrawal while it is pending.`,
        ...(event.cancel
          ? { link: { label: 'Cancel this withdrawal', url: event.cancel.url } }
          : {}),
      };
    case 'withdrawal_cancelled':
      return {
        subject: 'Withdrawal cancelled',
        what: [
          `Your withdrawal of ${event.amount} ${event.token} on ${event.network} was cancelled.`,
          'The amount is back in your funding wallet.',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdraw_address_added':
      return {
        subject: 'Withdrawal address saved',
        what: [
          `An address was saved to your withdrawal address book: ${event.label}, on ${event.network}.`,
          `Address: ${event.address}`,
        ],
        react: SECURE_ACCOUNT,
      };
    case 'bank_account_added':
      return {
        subject: 'Bank account added',
        what: [
          `A bank account was added to your account: ${event.bank} ${event.account} (IFSC ${event.ifsc}).`,
          'Once the bank has validated it in your name, rupees can come from it and go to it.',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'bank_account_verified':
      return {
        subject: 'Bank account verified',
        what: [
          `The bank account ${event.bank} ${event.account} (IFSC ${event.ifsc}) was verified: the bank confirmed it is in your name.`,
          `Rupee withdrawals to it open at ${bothZones(event.payoutsFrom)}.`,
        ],
        react: `${SECURE_ACCOUNT} Support can remove the account before then.`,
      };
    case 'withdraw_whitelist_changed':
      return {
        subject: event.enabled ? 'Withdrawal whitelist on' : 'Withdrawal whitelist off',
        what: [
          event.enabled
            ? 'Withdrawals from your account now go only to the addresses saved in your address book.'
            : 'Withdrawals from your account may now go to any address, not only saved ones.',
          ...(event.heldUntil
            ? [`Withdrawals are on hold until ${bothZones(event.heldUntil)}.`]
            : []),
        ],
        react: SECURE_ACCOUNT,
      };
    case 'anti_phishing_changed':
      return {
        subject: event.removed ? 'Anti-phishing code removed' : 'Anti-phishing code changed',
        what: [
          event.removed
            ? 'The anti-phishing code of your account was removed: mails from us no longer show one.'
            : 'The anti-phishing code of your account was changed: every mail from us shows the new one at the top.',
        ],
        react: SECURE_ACCOUNT,
      };
    case 'withdrawal_approved':
      return {
        subject: 'Withdrawal sent',
        what: [
          `Your withdrawal of ${event.amount} ${event.token} on ${event.network} was sent.`,
          `To address: ${event.address}`,
          ...(event.txHash ? [`Transaction: ${event.txHash}`] : []),
        ],
        react: CONTACT_SUPPORT,
      };
    case 'withdrawal_rejected':
      return {
        subject: 'Withdrawal rejected',
        what: [
          `Your withdrawal of ${event.amount} ${event.token} on ${event.network} was rejected.`,
          `Reason: ${event.reason}`,
          'The amount is back in your funding wallet.',
        ],
        react: CONTACT_SUPPORT,
      };
    case 'deposit_credited':
      return {
        subject: 'Deposit credited',
        what: [
          `A deposit of ${event.amount} ${event.token} on ${event.network} was credited to your funding wallet.`,
          `Transaction: ${event.txHash}`,
        ],
        react: CONTACT_SUPPORT,
      };
    case 'account_locked':
      return {
        subject: 'Your account was locked',
        what: [
          `Your account was locked${event.reason ? `: ${event.reason}` : ''}. While it is locked you cannot log in, trade or withdraw.`,
          event.until
            ? `It unlocks at ${bothZones(event.until)}.`
            : 'It stays locked until support unlocks it.',
        ],
        react: 'If you did not expect this, contact support.',
      };
    case 'identity_approved':
      return {
        subject: 'Identity verification approved',
        what: [
          'Your identity verification was approved: deposits, withdrawals and trading are open to your account.',
        ],
        react: CONTACT_SUPPORT,
      };
    case 'identity_rejected':
      return {
        subject: 'Identity verification rejected',
        what: [
          'Your identity verification was not approved.',
          `Reason: ${event.reason}`,
          'You can submit it again from Identity Verification in your profile.',
        ],
        react: 'If you have questions, contact support.',
      };
  }
}

/** A withdrawal to a new address that waits for the owner to confirm it with this mail (W4-4). */
function confirmRequest(
  event: Extract<SecurityEvent, { type: 'withdrawal_requested' }>,
  confirm: { url: string; minutes: number },
): NoticeText {
  return {
    subject: 'Confirm your withdrawal',
    what: [
      `A withdrawal of ${event.amount} ${event.token} on ${event.network} was requested to an address this account has not withdrawn to before.`,
      `To address: ${event.address}`,
      'Nothing is sent until you confirm it. The amount is held in your funding wallet meanwhile.',
      `If you asked for it, confirm it with this link within ${confirm.minutes} minutes (it works once): ${confirm.url}`,
      `Not confirmed in ${confirm.minutes} minutes, it is cancelled and the amount returns to your funding wallet.`,
      ...(event.cancel
        ? [`If you did not ask for it, cancel it now with this link: ${event.cancel.url}`]
        : []),
    ],
    react: `${SECURE_ACCOUNT} Adding an authenticator app on the Security page protects your withdrawals with a code.`,
    link: { label: 'Confirm this withdrawal', url: confirm.url },
  };
}

/** What a password reset did beyond the password: keys revoked, passkeys suspended, the hold. */
function resetEvictions(event: Extract<SecurityEvent, { type: 'password_changed' }>): string[] {
  const lines: string[] = [];
  const keys = event.apiKeysRevoked ?? 0;
  if (keys > 0)
    lines.push(
      `${keys === 1 ? 'Your API key was' : `All ${keys} of your API keys were`} revoked. Make new ones on the API Keys page if you need them.`,
    );
  const passkeys = event.suspendedPasskeys ?? [];
  if (passkeys.length > 0)
    lines.push(
      [
        'These passkeys were added in the 7 days before the reset. They cannot sign in or confirm anything until you confirm them on the Security page of your profile; remove any you do not recognise:',
        ...passkeys.map((p) => `- ${p.name}, added ${bothZones(p.addedAt)}`),
      ].join('\n'),
    );
  if (event.heldUntil) lines.push(`Withdrawals are on hold until ${bothZones(event.heldUntil)}.`);
  return lines;
}

export const DETAILS_EN = { when: 'When', from: 'From', unknownAddress: 'unknown address' };

/** The security notice of an event, in text and simple HTML, in the owner's `language`. */
export function securityNoticeMail(
  to: string,
  event: SecurityEvent,
  at: Date,
  from: NoticeOrigin | null,
  language: Language = 'en',
): MailMessage {
  const { subject, what, react, link } =
    language === 'hi' ? describeHi(event, (when) => bothZones(when, 'hi')) : describe(event);
  const labels = language === 'hi' ? DETAILS_HI : DETAILS_EN;
  const details = [
    `${labels.when}: ${bothZones(at, language)}`,
    ...(from ? [`${labels.from}: ${from.ip ?? labels.unknownAddress}, ${from.device}`] : []),
  ];
  const text = [...what, details.join('\n'), react].join('\n\n');
  return {
    to,
    subject,
    text,
    html: mailLayout(
      subject,
      [
        ...[...what, ...details, react].map(escapeHtml),
        ...(link
          ? [
              `<a href="${escapeHtml(link.url)}" style="color:#c99400">${escapeHtml(link.label)}</a>`,
            ]
          : []),
      ],
      language,
    ),
  };
}
