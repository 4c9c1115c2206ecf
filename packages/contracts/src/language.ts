import { z } from 'zod';

/** The languages of the app and its mails (issue 36); English, the spec's text, is the default. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first language of a list of tags (`navigator.languages`, or an Accept-Language header's,
 * by their q weights) that the app speaks: "hi-IN" is Hindi; none: English.
 */
export function pickLanguage(tags: readonly string[] | string | undefined | null): Language {
  const list =
    typeof tags === 'string'
      ? tags
          .split(',')
          .map((part, i) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
            return { tag, q: q === undefined ? 1 : Number(q), i };
          })
          .filter((t) => t.q > 0)
          .sort((a, b) => b.q - a.q || a.i - b.i)
          .map((t) => t.tag)
      : (tags ?? []);
  for (const tag of list) {
    const base = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** `PUT /users/language`: the signed-in user's language for the app and their mails. */
export const languageRequestSchema = z.object({
  language: z.enum(LANGUAGES, { error: 'Choose English or हिन्दी' }),
});
export type LanguageRequest = z.infer<typeof languageRequestSchema>;
