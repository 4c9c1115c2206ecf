import { z } from 'zod';
import {
  confirmPasswordSchema,
  loginRequestSchema,
  otpSchema,
  passwordSchema,
  passwordsMatchSchema,
} from './auth.js';

/** Schemas of the web's auth forms; the request schemas in auth.ts stay what the server reads. */

/** Login step 1: the email, with the login screen's messages; the password is not asked yet. */
export const loginEmailFormSchema = loginRequestSchema.extend({ password: z.string() });
export type LoginEmailForm = z.infer<typeof loginEmailFormSchema>;

/** The one-time code field of the verify step and the Security Verification screen. */
export const otpFormSchema = z.object({ otp: otpSchema });
export type OtpForm = z.infer<typeof otpFormSchema>;

/** Decision D12: a new password under the sign-up rule (D1), typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .and(passwordsMatchSchema);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * The Security page's password change: the current password, a new one typed twice under the
 * sign-up rule (D1), and the authenticator code when the app is on (blank otherwise).
 */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string().min(1, { error: 'Enter your current password' }),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    two_factor_code: z.string(),
  })
  .and(passwordsMatchSchema);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
