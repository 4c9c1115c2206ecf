export * from './auth.js';
export * from './envelope.js';
export * from './errors.js';
export * from './password-rule.js';
export * from './user.js';
export * from './wallets.js';
