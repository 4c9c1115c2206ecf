import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { clearAllClientStorage, loggedOut } from '@/lib/session';
import { useLogoutMutation } from '../api/auth-api';

/**
 * Spec section 4: logout clears all local storage and cookies, then goes to /BTCUSDT. The
 * server session is revoked first; a failure there must not keep the user signed in.
 */
export function useLogout() {
  const dispatch = useDispatch();
  const [revoke] = useLogoutMutation();
  return useCallback(async () => {
    try {
      await revoke(undefined).unwrap();
    } catch (error) {
      console.warn('Logout call failed:', error);
    }
    clearAllClientStorage();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
    // A full navigation: nothing of the old session survives in memory.
    window.location.assign(paths.trade.getHref());
  }, [dispatch, revoke]);
}
