import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  loginRequestSchema,
  otpValidateRequestSchema,
  passwordSchema,
  registerFormSchema,
  registerRequestSchema,
} from './auth.js';
import { resetPasswordFormSchema } from './auth-forms.js';
import { PASSWORD_RULE } from './password-rule.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

const form = {
  first_name: 'Asha',
  last_name: 'Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  password: 'Sup3rSecretPass',
  confirmPassword: 'Sup3rSecretPass',
};

describe('spec section 5 messages, word for word', () => {
  it.each([
    [{}, 'Email or phone is required'],
    [{ email: 'x', password: 'p' }, 'Invalid email format'],
    [{ email: '98765 43210' }, AUTH_MESSAGES.loginPhoneUnsupported],
    [{ email: '+91 98765-43210' }, AUTH_MESSAGES.loginPhoneUnsupported],
    [{ email: 'a@example.com' }, 'Password is required'],
  ])('login %o: %s', (body, message) => {
    expect(firstMessage(loginRequestSchema.safeParse(body))).toBe(message);
  });

  it.each([
    [{ first_name: '' }, 'First name is required'],
    [{ last_name: '' }, 'Last name is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'asha' }, 'Invalid email'],
    [{ phone: '' }, 'Phone number is required'],
    [{ phone: '98765' }, 'Phone number must be exactly 10 digits'],
    [{ confirmPassword: '' }, 'Confirm your password'],
    [{ confirmPassword: 'Sup3rSecretPasX' }, 'Passwords must match'],
  ])('registration %o: %s', (change, message) => {
    expect(firstMessage(registerFormSchema.safeParse({ ...form, ...change }))).toBe(message);
  });

  it("says the passwords differ beside the other fields' messages (walk-3 D7)", () => {
    const messages = (
      schema: typeof registerFormSchema | typeof resetPasswordFormSchema,
      v: object,
    ) => schema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    const typed = { password: 'short a', confirmPassword: 'different' };
    expect(messages(registerFormSchema, { ...form, ...typed, email: 'asha' })).toEqual([
      'email: Invalid email',
      'password: Minimum 10 characters',
      'confirmPassword: Passwords must match',
    ]);
    expect(messages(resetPasswordFormSchema, typed)).toEqual([
      'password: Minimum 10 characters',
      'confirmPassword: Passwords must match',
    ]);
    // Nothing typed yet: the confirmation is only required.
    expect(messages(resetPasswordFormSchema, { ...typed, confirmPassword: '' })).toEqual([
      'password: Minimum 10 characters',
      'confirmPassword: Confirm your password',
    ]);
  });

  it.each([
    ['', 'Password is required'],
    ['Abc1', 'Minimum 10 characters'],
    [`Abc1${'x'.repeat(29)}`, 'Maximum 32 characters'],
    ['abcdefghij1', 'Must contain uppercase, lowercase and a number'],
    ['Abc def ghi1', 'No spaces allowed'],
  ])('password %j: %s', (password, message) => {
    expect(firstMessage(passwordSchema.safeParse(password))).toBe(message);
  });

  it.each([
    ['', 'Verification code is required'],
    ['12345', 'OTP must be 6 digits'],
  ])('code %j: %s', (otp, message) => {
    const body = { email: 'a@example.com', otp, otp_for: 'registration' };
    expect(firstMessage(otpValidateRequestSchema.safeParse(body))).toBe(message);
  });

  it('takes a code and a phone number pasted with spaces', () => {
    const otp = otpValidateRequestSchema.parse({
      email: 'a@example.com',
      otp: ' 123 456\n',
      otp_for: 'registration',
    });
    expect(otp.otp).toBe('123456');
    expect(registerRequestSchema.parse({ ...form, phone: ' 98765 43210 ' }).phone).toBe(
      '9876543210',
    );
    expect(registerRequestSchema.parse({ ...form, phone: '98765-43210' }).phone).toBe('9876543210');
    // India's country code, as phones show a number (walk-3 D15).
    expect(registerRequestSchema.parse({ ...form, phone: '+91 98765 43210' }).phone).toBe(
      '9876543210',
    );
    expect(
      firstMessage(registerRequestSchema.safeParse({ ...form, phone: '+44 7911 123456' })),
    ).toBe('Phone number must be exactly 10 digits');
    expect(firstMessage(registerRequestSchema.safeParse({ ...form, phone: '   ' }))).toBe(
      'Phone number is required',
    );
  });

  it('normalises the email and never sends the confirmation', () => {
    const parsed = registerRequestSchema.parse({ ...form, email: ' Asha@Example.COM ' });
    expect(parsed.email).toBe('asha@example.com');
    expect(parsed).not.toHaveProperty('confirmPassword');
  });
});

describe('PASSWORD_RULE (D1)', () => {
  it.each([
    'Sup3rSecretPass',
    'Abcdefghi1',
    `Ab1${'x'.repeat(29)}`,
    'Ab1 xxxxxxxx',
    'short',
    'ALLUPPER123',
  ])('the checklist and the validator agree on %j', (password) => {
    const checklist = PASSWORD_RULE.checks.every((c) => c.test(password));
    expect(passwordSchema.safeParse(password).success).toBe(checklist);
  });
});
