import type { Language } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { savedLanguageRow } from './repository.js';

/**
 * The language each user saved (issue 36), remembered for a minute per database so that a
 * refusal answered in it (plugins/error-handler.ts) costs no query on a busy account's hot path.
 * Saving a language here (modules/profile) updates it at once; another process sees it within
 * the minute.
 */
const KEPT_MS = 60_000;
const MAX_USERS = 10_000;
/** Each user's language, or its lookup under way (one for all the refusals waiting on it). */
const kept = new WeakMap<Db, Map<string, { language: Promise<Language | null>; until: number }>>();

const keptOf = (db: Db) => {
  let users = kept.get(db);
  if (!users) kept.set(db, (users = new Map()));
  return users;
};

/** The user's saved language, null when they chose none. */
export function savedLanguageOf(db: Db, userId: string): Promise<Language | null> {
  const known = keptOf(db).get(userId);
  if (known && known.until > Date.now()) return known.language;
  const language = savedLanguageRow(db, userId);
  keep(db, userId, language);
  // A failed lookup is not kept: the next refusal asks again.
  language.catch(() => keptOf(db).get(userId)?.language === language && keptOf(db).delete(userId));
  return language;
}

/** Notes the language the user just saved, for the next minute. */
export function rememberSavedLanguage(db: Db, userId: string, language: Language | null): void {
  keep(db, userId, Promise.resolve(language));
}

function keep(db: Db, userId: string, language: Promise<Language | null>): void {
  const users = keptOf(db);
  if (users.size >= MAX_USERS) users.clear();
  users.set(userId, { language, until: Date.now() + KEPT_MS });
}
