import { z } from 'zod';
import { PASSWORD_RULE } from './password-rule.js';

/** Spec section 5 messages, word for word (maximum length per D1). */
export const AUTH_MESSAGES = {
  loginEmailRequired: 'Email or phone is required',
  loginEmailInvalid: 'Invalid email format',
  loginPhoneUnsupported: 'Log in with your email address: phone numbers cannot be used to log in',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number must be exactly 10 digits',
  passwordMin: `Minimum ${PASSWORD_RULE.minLength} characters`,
  passwordMax: `Maximum ${PASSWORD_RULE.maxLength} characters`,
  passwordClasses: 'Must contain uppercase, lowercase and a number',
  passwordSpaces: 'No spaces allowed',
  passwordCommon:
    'This password is on lists of common passwords. Choose one that is harder to guess',
  confirmRequired: 'Confirm your password',
  confirmMismatch: 'Passwords must match',
  otpRequired: 'Verification code is required',
  otpLength: 'OTP must be 6 digits',
  otpForInvalid: 'otp_for must be registration or password_reset',
  resetTokenRequired: 'Reset token is required',
  // What the sign-up and reset steps answer (walk-4 W4-2): the web app words them by this text.
  registered: 'Registration successful. Enter the code sent to your email',
  codeSent: 'Verification code sent',
  emailVerified: 'Email verified successfully',
  emailVerifiedChoosePassword: 'Email verified. Choose your password',
  resetCodeSent: 'If an account exists for this email, a code has been sent',
  resetCodeVerified: 'Code verified. Set a new password',
  passwordReset: 'Password reset successfully. Log in with your new password',
} as const;

const M = AUTH_MESSAGES;
// `abort` stops at the first failed check so each field reports the message a person needs first.
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });

export const emailSchema = (requiredMessage: string, invalidMessage: string) =>
  required(requiredMessage)
    .regex(z.regexes.email, { error: invalidMessage, abort: true })
    .toLowerCase();

export const passwordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, { error: M.passwordRequired, abort: true })
  .min(PASSWORD_RULE.minLength, { error: M.passwordMin, abort: true })
  .max(PASSWORD_RULE.maxLength, { error: M.passwordMax, abort: true })
  .regex(/^\S*$/, { error: M.passwordSpaces, abort: true })
  .refine((p) => /[A-Z]/.test(p) && /[a-z]/.test(p) && /\d/.test(p), { error: M.passwordClasses })
  .meta({
    // The OpenAPI document states the whole rule (a refinement does not show in it).
    pattern: `^(?=.*[A-Z])(?=.*[a-z])(?=.*\\d)\\S{${PASSWORD_RULE.minLength},${PASSWORD_RULE.maxLength}}$`,
    description: PASSWORD_RULE.checks.map((c) => c.label).join('; '),
  });

export const OTP_PURPOSES = ['registration', 'password_reset'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];
const otpForSchema = z.enum(OTP_PURPOSES, { error: M.otpForInvalid });

/** A phone number as people type one: digits, with a leading +, spaces or dashes. */
const PHONE_LIKE = /^\+?\d[\d\s-]{8,15}$/;

export const loginRequestSchema = z.object({
  // The field reads "Email/Phone Number" (spec section 2), but accounts log in by email: a phone
  // number typed there is told so, not called a badly formed email (walk-3 D14).
  email: required(M.loginEmailRequired)
    .refine((v) => !PHONE_LIKE.test(v), { error: M.loginPhoneUnsupported, abort: true })
    .pipe(emailSchema(M.loginEmailRequired, M.loginEmailInvalid)),
  password: z.string({ error: M.passwordRequired }).min(1, { error: M.passwordRequired }),
});

export const registerRequestSchema = z.object({
  first_name: required(M.firstNameRequired).max(100),
  last_name: required(M.lastNameRequired).max(100),
  email: emailSchema(M.emailRequired, M.emailInvalid),
  // Pasted as printed ("98765 43210", "98765-43210", "+91 98765 43210"): the spaces, dashes
  // and India's country code go; the number kept is the 10 digits.
  phone: z
    .string({ error: M.phoneRequired })
    .overwrite((v) => v.replace(/[\s-]/g, '').replace(/^\+91(?=\d{10}$)/, ''))
    .min(1, { error: M.phoneRequired, abort: true })
    .regex(/^\d{10}$/, { error: M.phoneInvalid }),
  password: passwordSchema,
});

export const confirmPasswordSchema = z
  .string({ error: M.confirmRequired })
  .min(1, M.confirmRequired);

/**
 * "Passwords must match", said beside the other fields' messages: a check of the two fields as
 * typed, joined to a form's schema with `.and`. (A form's own `.refine` is skipped once any
 * field's check has stopped with `abort`, as each field's first message does here.)
 */
export const passwordsMatchSchema = z
  .object({ password: z.unknown(), confirmPassword: z.unknown() })
  .refine(({ password, confirmPassword }) => !confirmPassword || password === confirmPassword, {
    error: M.confirmMismatch,
    path: ['confirmPassword'],
  });

/** The web form adds the confirmation, which is never sent. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .and(passwordsMatchSchema);

/** Copied from the mail with a space around it, or typed "123 456": the spaces go. */
export const otpSchema = z
  .string({ error: M.otpRequired })
  .overwrite((v) => v.replace(/\s/g, ''))
  .min(1, { error: M.otpRequired, abort: true })
  .regex(/^\d{6}$/, { error: M.otpLength });

/** D17: the email travels with the code; a code alone never identifies an account. */
export const otpValidateRequestSchema = z.object({
  email: emailSchema(M.emailRequired, M.emailInvalid),
  otp: otpSchema,
  otp_for: otpForSchema,
});

export const otpResendRequestSchema = z.object({
  email: emailSchema(M.emailRequired, M.emailInvalid),
  otp_for: otpForSchema,
});

export const forgotPasswordRequestSchema = z.object({
  email: emailSchema(M.emailRequired, M.emailInvalid),
});

export const resetPasswordRequestSchema = z.object({
  reset_token: required(M.resetTokenRequired).max(200),
  password: passwordSchema,
});

export const loginDataSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds until the token expires'),
});

/**
 * `reset_token` authorises one password reset. A password_reset code answers it; so does a
 * registration code for an email that was registered more than once, whose owner then chooses
 * the password (no password typed at sign-up is kept: a stranger may have typed it).
 */
export const otpValidateDataSchema = z.object({
  reset_token: z.string().optional(),
  expires_in: z.number().int().optional(),
});

export const registrationPendingDataSchema = z.object({
  status: z.literal('email_verification_pending'),
});

export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type RegisterForm = z.infer<typeof registerFormSchema>;
export type OtpValidateRequest = z.infer<typeof otpValidateRequestSchema>;
export type OtpResendRequest = z.infer<typeof otpResendRequestSchema>;
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
export type LoginData = z.infer<typeof loginDataSchema>;
export type OtpValidateData = z.infer<typeof otpValidateDataSchema>;
