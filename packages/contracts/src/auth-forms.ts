import { z } from 'zod';
import { AUTH_MESSAGES, loginRequestSchema, otpSchema, passwordSchema } from './auth.js';

/** Schemas of the web's auth forms; the request schemas in auth.ts stay what the server reads. */

/** Login step 1: only the email, with the login screen's messages. */
export const loginEmailFormSchema = loginRequestSchema.pick({ email: true });
export type LoginEmailForm = z.infer<typeof loginEmailFormSchema>;

/** The one-time code field of the verify step and the Security Verification screen. */
export const otpFormSchema = z.object({ otp: otpSchema });
export type OtpForm = z.infer<typeof otpFormSchema>;

/** Decision D12: a new password under the sign-up rule (D1), typed twice. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.confirmRequired })
      .min(1, AUTH_MESSAGES.confirmRequired),
  })
  .refine((f) => f.password === f.confirmPassword, {
    error: AUTH_MESSAGES.confirmMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
