import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { storeToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { PasskeyCancelled, signInWithPasskey } from '@/lib/webauthn';
import { usePasskeyLoginMutation, usePasskeyLoginOptionsMutation } from '../api/auth-api';

/** "Log In with Passkey": any passkey of this site signs in alone (decision D9). */
export function usePasskeyLogin() {
  const navigate = useNavigate();
  const [getOptions, options] = usePasskeyLoginOptionsMutation();
  const [login, logging] = usePasskeyLoginMutation();

  const logIn = async () => {
    try {
      const challenge = await getOptions(undefined).unwrap();
      const response = await signInWithPasskey(challenge.data);
      const result = await login({
        response: response as unknown as Record<string, unknown>,
      }).unwrap();
      storeToken(result.data.access_token);
      toast.success('Login successful');
      navigate(paths.home.getHref());
    } catch (error) {
      if (error instanceof PasskeyCancelled) toast.error(error.message);
      else toastFailure(error, 'Login failed');
    }
  };
  return { logIn, busy: options.isLoading || logging.isLoading };
}
