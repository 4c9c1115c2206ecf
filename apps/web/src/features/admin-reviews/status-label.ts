import { useTranslation } from 'react-i18next';

/** A status as the console shows it, in the app's language: "pending" → "Pending" (लंबित). */
export function useStatusLabel() {
  const { t } = useTranslation('admin-reviews');
  return (status: string) =>
    t(`status.${status}`, { defaultValue: status.charAt(0).toUpperCase() + status.slice(1) });
}
