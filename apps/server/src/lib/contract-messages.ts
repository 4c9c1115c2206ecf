import { CONTRACT_MESSAGES_HI, type TranslatedMessage } from '@exchange/contracts/messages-hi';

/** A message catalog entry: its English (the contracts' constant) and its Hindi. */
type Entry = { en: string; hi: string };

const BY_ENGLISH = new Map(CONTRACT_MESSAGES_HI.map((message) => [message.en, message]));

/**
 * A contracts' text as an entry of the server's catalog, under a key of the server's own: its
 * Hindi is the contracts' (`@exchange/contracts/messages-hi`, which the web app shows too).
 */
export function contractMessage(en: string): Entry {
  const message = BY_ENGLISH.get(en);
  if (!message) throw new Error(`Not a contracts' message: ${en}`);
  return { en, hi: message.text };
}

/**
 * The contracts' messages (issue 36) that the server's own entries (`own`) do not already say,
 * keyed `NAME.key`, so each English has one entry; found by their English (`saidByEnglish`).
 */
export function contractMessages(
  own: Record<string, { en: unknown }>,
): Record<TranslatedMessage['key'], Entry> {
  const said = new Set(Object.values(own).map((entry) => entry.en));
  return Object.fromEntries(
    CONTRACT_MESSAGES_HI.filter((message) => !said.has(message.en)).map((message) => [
      message.key,
      { en: message.en, hi: message.text },
    ]),
  );
}
