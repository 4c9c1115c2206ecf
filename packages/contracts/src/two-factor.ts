import { z } from 'zod';
import { loginDataSchema, passwordSchema } from './auth.js';

/** What the second factor's screens and refusals say; the web and the server use the same words. */
export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6-digit code from your app or a recovery code',
  codeInvalid: 'Invalid authenticator code',
  codeUsed: 'This code was already used. Wait for the next one',
  codeRequiredForAction: 'Enter the code from your authenticator app to continue',
  passkeyRequiredForAction: 'Confirm with your passkey to continue',
  challengeExpired: 'This login has expired. Log in again',
  alreadyOn: 'Authenticator app is already on',
  notOn: 'Authenticator app is not on',
  setupFirst: 'Start the authenticator setup again',
  enrolmentRequired:
    'Administrators must turn on an authenticator app or add a passkey first (Profile, Security)',
  passkeyNameRequired: 'Name your passkey',
  passkeyRejected: 'This passkey could not be verified. Try again',
  passkeyUnknown: 'This passkey is not registered here',
  passkeyNotFound: 'Passkey not found',
  passkeySuspended:
    'This passkey was suspended when your password was reset. Log in with your password and confirm it on the Security page',
  loginCode: 'Enter the code from your authenticator app',
  // What the Security page's changes answer (issue 47): the web app words them by this text.
  totpScan: 'Scan the QR code with your authenticator app',
  totpOn: 'Authenticator app turned on. Save your recovery codes',
  totpOff: 'Authenticator app turned off',
  recoveryCodesMade: 'New recovery codes made. Save them',
  passkeyAdded: 'Passkey added',
  passkeyRemoved: 'Passkey removed',
  passkeyConfirmed: 'Passkey confirmed',
} as const;
const M = TWO_FACTOR_MESSAGES;

/** Ten codes, each usable once, shown only when made. */
export const RECOVERY_CODE_COUNT = 10;
/** A code that fails this many times in a row pauses the second factor for LOCK_MINUTES. */
export const SECOND_FACTOR_MAX_TRIES = 5;
export const SECOND_FACTOR_LOCK_MINUTES = 15;

/** `123456` from the app, or a recovery code `abcde-fghij` (spaces, dashes and case ignored). */
export const twoFactorCodeSchema = z
  .string({ error: M.codeRequired })
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: M.codeRequired, abort: true })
      .regex(/^(\d{6}|[a-z2-7]{10})$/, { error: M.codeFormat }),
  )
  .meta({
    // The input as the server takes it; spaces and dashes are dropped before the check.
    pattern: '^[\\s-]*(?:\\d[\\s-]*){6}$|^[\\s-]*(?:[A-Za-z2-7][\\s-]*){10}$',
    description:
      'A 6-digit authenticator code, or a recovery code: 10 letters a-z and digits 2-7 (spaces, dashes and case ignored)',
  });

/** WebAuthn JSON as @simplewebauthn/browser produces and consumes it (W3C WebAuthn Level 3). */
const webAuthnJson = (what: string) => z.record(z.string(), z.unknown()).describe(what);

/** A passkey's answer to POST /security/passkeys/step-up-options: the step-up of a passkey-only account. */
export const passkeyStepUpSchema = webAuthnJson(
  'AuthenticationResponseJSON to the options of POST /security/passkeys/step-up-options',
);

/**
 * A step-up call (withdrawal, security change): with the authenticator app on, its code (or a
 * recovery code); with passkeys only, a passkey's answer. Either is accepted where the account has it.
 */
export const stepUpSchema = z.object({
  two_factor_code: twoFactorCodeSchema.optional(),
  passkey_response: passkeyStepUpSchema.optional(),
});
export type StepUp = z.infer<typeof stepUpSchema>;

/** A step-up whose call may also come without a body (the same as `{}`). */
export const optionalStepUpSchema = z.preprocess((body) => body ?? {}, stepUpSchema);

export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** The login answer when the password was right and a second factor is on. */
export const loginChallengeDataSchema = z.object({
  second_factor_required: z.literal(true),
  challenge_token: z
    .string()
    .describe('Single use, for POST /auth/login/second-factor within expires_in seconds'),
  expires_in: z.number().int(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});
export type LoginChallengeData = z.infer<typeof loginChallengeDataSchema>;

export const loginAnswerSchema = z.union([loginDataSchema, loginChallengeDataSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export const secondFactorLoginRequestSchema = z.object({
  challenge_token: z.string({ error: M.challengeExpired }).min(1, M.challengeExpired).max(200),
  code: twoFactorCodeSchema,
});
export type SecondFactorLoginRequest = z.infer<typeof secondFactorLoginRequestSchema>;

/** The second-factor field of the login's code screen and of the step-up forms. */
export const twoFactorFormSchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorForm = z.input<typeof twoFactorFormSchema>;

export const totpCodeRequestSchema = z.object({ code: twoFactorCodeSchema });
export type TotpCodeRequest = z.infer<typeof totpCodeRequestSchema>;

export const totpSetupDataSchema = z.object({
  secret: z.string().describe('Base32, for typing into the app by hand'),
  otpauth_uri: z.string().describe('otpauth://totp/… for the QR code'),
});
export type TotpSetupData = z.infer<typeof totpSetupDataSchema>;

export const recoveryCodesDataSchema = z.object({
  recovery_codes: z.array(z.string()).describe('Shown once; each works once'),
});
export type RecoveryCodesData = z.infer<typeof recoveryCodesDataSchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  suspended: z
    .boolean()
    .describe(
      'Added in the 7 days before a password reset: it signs nothing until confirmed (POST /security/passkeys/{id}/confirm)',
    ),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const securityStatusSchema = z.object({
  totp_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  passkeys: z.array(passkeySchema),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

export const passkeyOptionsSchema = webAuthnJson('PublicKeyCredentialCreationOptionsJSON');
export const passkeyLoginOptionsSchema = webAuthnJson('PublicKeyCredentialRequestOptionsJSON');

export const passkeyRegisterRequestSchema = stepUpSchema.extend({
  name: z
    .string({ error: M.passkeyNameRequired })
    .trim()
    .min(1, { error: M.passkeyNameRequired })
    .max(60),
  response: webAuthnJson('RegistrationResponseJSON from navigator.credentials.create'),
});
export type PasskeyRegisterRequest = z.infer<typeof passkeyRegisterRequestSchema>;

export const passkeyLoginRequestSchema = z.object({
  response: webAuthnJson('AuthenticationResponseJSON from navigator.credentials.get'),
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

export const passkeyNameFormSchema = passkeyRegisterRequestSchema.pick({ name: true });
export type PasskeyNameForm = z.infer<typeof passkeyNameFormSchema>;

/**
 * POST /security/password: a new password while signed in, under the sign-up rule (D1), with the
 * current password and the account's second factor (its code, or a passkey's answer).
 */
export const changePasswordRequestSchema = stepUpSchema.extend({
  current_password: z.string().min(1, { error: 'Enter your current password' }).max(200),
  password: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const PASSWORD_CHANGE_MESSAGES = {
  changed: 'Password changed. Your other sessions were logged out',
  wrongCurrent: 'Your current password is not correct',
  unchanged: 'Choose a password other than your current one',
} as const;
