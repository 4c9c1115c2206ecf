import { useTranslation } from 'react-i18next';

/**
 * A message from the contracts or the server (a validation message, an error) in the app's
 * language: the `messages` namespace is keyed by the English text itself, which stays the spec's
 * wording and is shown as it is when a language lacks it. The catalog loads in the background;
 * until then the English text shows.
 */
export function useMessage() {
  const { t } = useTranslation('messages', { useSuspense: false });
  return (message: string) =>
    t(message, { keySeparator: false, nsSeparator: false, defaultValue: message });
}
