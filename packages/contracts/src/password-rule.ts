/**
 * The one password rule (decision D1): the server's validator and the web checklist both read
 * this, so they cannot disagree.
 */
export const PASSWORD_RULE = {
  minLength: 10,
  maxLength: 32,
  checks: [
    {
      id: 'length',
      label: '10-32 characters',
      test: (p: string) => p.length >= 10 && p.length <= 32,
    },
    { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
    { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
    { id: 'digit', label: 'One number', test: (p: string) => /\d/.test(p) },
    { id: 'no-spaces', label: 'No spaces', test: (p: string) => !/\s/.test(p) },
  ],
} as const;

export type PasswordCheckId = (typeof PASSWORD_RULE.checks)[number]['id'];
