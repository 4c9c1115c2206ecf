import { escapeHtml, mailLayout } from './layout.js';
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
  | ({ type: 'withdrawal_requested'; address: string } & Funds)
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

/** Subject, what happened, and how to react, for each event. */
function describe(event: SecurityEvent): { subject: string; what: string[]; react: string } {
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
      return {
        subject: 'Withdrawal requested',
        what: [
          `A withdrawal of ${event.amount} ${event.token} on ${event.network} was requested.`,
          `To address: ${event.address}`,
          'It is held in your funding wallet until it is reviewed.',
        ],
        react: `${SECURE_ACCOUNT} Support can stop the withdrawal while it is pending.`,
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

const IST = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});
const UTC = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});

/** "24 Nov 2026, 05:30:12 IST (23 Nov 2026, 23:59:12 UTC)". */
export function bothZones(at: Date): string {
  return `${IST.format(at)} IST (${UTC.format(at)} UTC)`;
}

/** The security notice of an event, in text and simple HTML. */
export function securityNoticeMail(
  to: string,
  event: SecurityEvent,
  at: Date,
  from: NoticeOrigin | null,
): MailMessage {
  const { subject, what, react } = describe(event);
  const details = [
    `When: ${bothZones(at)}`,
    ...(from ? [`From: ${from.ip ?? 'unknown address'}, ${from.device}`] : []),
  ];
  const text = [...what, details.join('\n'), react].join('\n\n');
  return {
    to,
    subject,
    text,
    html: mailLayout(subject, [...what, ...details, react].map(escapeHtml)),
  };
}
