import type { ApiSuccess } from '@exchange/contracts';
import { api } from './api-client';
import { signInWithPasskey } from './webauthn';

const stepUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    passkeyStepUpOptions: build.mutation<ApiSuccess<Record<string, unknown>>, undefined>({
      query: () => ({ url: '/security/passkeys/step-up-options', method: 'POST' }),
    }),
  }),
});

/**
 * The step-up of an account with passkeys and no authenticator app: one of its passkeys answers a
 * fresh challenge, and the answer rides on the call it confirms (`passkey_response`). Throws
 * PasskeyCancelled when the person or the browser declines.
 */
export function usePasskeyStepUp() {
  const [getOptions, { isLoading }] = stepUpApi.usePasskeyStepUpOptionsMutation();
  const confirm = async (): Promise<Record<string, unknown>> => {
    const options = await getOptions(undefined).unwrap();
    return (await signInWithPasskey(options.data)) as unknown as Record<string, unknown>;
  };
  return { confirm, busy: isLoading };
}
