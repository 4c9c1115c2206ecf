/**
 * The user record as other modules read and write it (sign-up, login, second factors, reviews,
 * notices); its queries live in repository.ts. The identity gate is identity-gate.ts.
 */
export {
  antiPhishingCodeOf,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailVerified,
  searchUsers,
  updateUser,
  type NewUser,
  type User,
  type UserChanges,
} from './repository.js';
export { rememberSavedLanguage, savedLanguageOf } from './saved-language.js';
export { emailsOf, isAccountLocked } from './directory-reads.js';
