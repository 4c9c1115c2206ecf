import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toastFailure } from '@/lib/api-error';
import { setNumberGrouping, useNumberGrouping, type NumberGrouping } from '@/lib/number-grouping';
import { useSetNumberGroupingMutation } from '../api/auth-api';
import { useProfile } from './use-profile';

/**
 * The digit grouping of amounts and prices and how to change it (issue 36): remembered in this
 * browser, and a signed-in user's is saved on their account, which then sets it on every
 * browser they sign in to.
 */
export function useNumberGroupingSetting() {
  const { t } = useTranslation('formats');
  const { signedIn } = useSavedNumberGrouping();
  const [save] = useSetNumberGroupingMutation();
  const grouping = useNumberGrouping();
  const choose = (next: NumberGrouping) => {
    setNumberGrouping(next);
    if (signedIn)
      save({ number_grouping: next })
        .unwrap()
        .catch((error: unknown) => toastFailure(error, t('grouping.saveFailed')));
  };
  return { grouping, choose };
}

/** Applies a signed-in user's saved grouping (the top bar calls it, so every screen follows). */
export function useSavedNumberGrouping() {
  const { signedIn, profile } = useProfile();
  const saved = signedIn ? profile?.number_grouping : null;
  useEffect(() => {
    if (saved) setNumberGrouping(saved);
  }, [saved]);
  return { signedIn };
}
