import type { OtpPurpose } from '@exchange/contracts';
import { escapeHtml as escape, mailLayout as layout } from './layout.js';
import type { MailMessage } from './mailer.js';

const PURPOSE_TEXT: Record<OtpPurpose, { subject: string; action: string }> = {
  registration: { subject: 'Verify your email', action: 'verify your email address' },
  password_reset: { subject: 'Reset your password', action: 'reset your password' },
};

export function codeMail(
  to: string,
  code: string,
  purpose: OtpPurpose,
  minutes: number,
): MailMessage {
  const { subject, action } = PURPOSE_TEXT[purpose];
  const lines = [
    `Your verification code is ${code}`,
    `Enter it to ${action}. It expires in ${minutes} minutes and works once.`,
    'If you did not ask for it, ignore this message.',
  ];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, [
      `Your verification code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      ...lines.slice(1).map(escape),
    ]),
  };
}

/** Sent instead of a code when someone registers an email that already has an account. */
export function alreadyRegisteredMail(to: string): MailMessage {
  const lines = [
    'Someone tried to create an account with this email address, which already has one.',
    'If it was you, log in, or use "Forgot password?" to set a new password.',
    'If it was not you, no action is needed.',
  ];
  return {
    to,
    subject: 'You already have an account',
    text: lines.join('\n\n'),
    html: layout('You already have an account', lines.map(escape)),
  };
}
