import type { Language, OtpPurpose } from '@exchange/contracts';
import { escapeHtml as escape, mailLayout as layout } from './layout.js';
import type { MailMessage } from './mailer.js';

/** The code and account mails' words in each language (issue 36; docs/hindi-glossary.md). */
export const CODE_MAIL_TEXTS = {
  en: {
    purpose: {
      registration: { subject: 'Verify your email', action: 'verify your email address' },
      password_reset: { subject: 'Reset your password', action: 'reset your password' },
    },
    codeIs: 'Your verification code is',
    enterIt: (action: string, minutes: number) =>
      `Enter it to ${action}. It expires in ${minutes} minutes and works once.`,
    ignore: 'If you did not ask for it, ignore this message.',
    already: {
      subject: 'You already have an account',
      lines: [
        'Someone tried to create an account with this email address, which already has one.',
        'If it was you, log in, or use "Forgot password?" to set a new password.',
        'If it was not you, no action is needed.',
      ],
    },
  },
  hi: {
    purpose: {
      registration: { subject: 'अपना ईमेल सत्यापित करें', action: 'अपना ईमेल पता सत्यापित करने' },
      password_reset: { subject: 'अपना पासवर्ड रीसेट करें', action: 'अपना पासवर्ड रीसेट करने' },
    },
    codeIs: 'आपका सत्यापन कोड है',
    enterIt: (action: string, minutes: number) =>
      `${action} के लिए इसे दर्ज करें। यह ${minutes} मिनट में समाप्त हो जाएगा और केवल एक बार काम करेगा।`,
    ignore: 'अगर आपने यह कोड नहीं माँगा था, तो इस संदेश को अनदेखा करें।',
    already: {
      subject: 'आपका खाता पहले से है',
      lines: [
        'किसी ने इस ईमेल पते से खाता बनाने की कोशिश की, जिसका खाता पहले से मौजूद है।',
        'अगर यह आप थे, तो लॉग इन करें, या नया पासवर्ड सेट करने के लिए "पासवर्ड भूल गए?" का उपयोग करें।',
        'अगर यह आप नहीं थे, तो कुछ करने की ज़रूरत नहीं है।',
      ],
    },
  },
} satisfies Record<Language, unknown>;

export function codeMail(
  to: string,
  code: string,
  purpose: OtpPurpose,
  minutes: number,
  language: Language = 'en',
): MailMessage {
  const texts = CODE_MAIL_TEXTS[language];
  const { subject, action } = texts.purpose[purpose];
  const lines = [`${texts.codeIs} ${code}`, texts.enterIt(action, minutes), texts.ignore];
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: layout(
      subject,
      [
        `${escape(texts.codeIs)} <strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
        ...lines.slice(1).map(escape),
      ],
      language,
    ),
  };
}

/** Sent instead of a code when someone registers an email that already has an account. */
export function alreadyRegisteredMail(to: string, language: Language = 'en'): MailMessage {
  const { subject, lines } = CODE_MAIL_TEXTS[language].already;
  return {
    to,
    subject,
    text: lines.join('\n\n'),
    html: layout(subject, lines.map(escape), language),
  };
}
