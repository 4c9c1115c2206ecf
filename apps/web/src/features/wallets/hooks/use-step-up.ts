import { TWO_FACTOR_MESSAGES, type StepUp } from '@exchange/contracts';
import { useState } from 'react';
import { isSecondFactorRefusal, toFailure } from '@/lib/api-error';
import { usePasskeyStepUp } from '@/lib/passkey-step-up';

/**
 * The second factor of a change the server steps up (address book, whitelist): the call goes
 * first with the code typed so far (none at first); when the server asks for a passkey it is
 * asked at once and the call sent again, when it asks for the app's code the field shows
 * (`askCode`) and the refusal is rethrown for the form to say. With the app on (`hasApp`) the
 * field shows from the start (review W4-7).
 */
export function useStepUp(hasApp = false) {
  const passkey = usePasskeyStepUp();
  const [asked, setAskCode] = useState(false);
  const askCode = hasApp || asked;
  const run = async <T>(call: (proof: StepUp) => Promise<T>, code = ''): Promise<T> => {
    const typed = code.trim();
    try {
      return await call(typed ? { two_factor_code: typed } : {});
    } catch (error) {
      const failure = toFailure(error);
      if (failure.message === TWO_FACTOR_MESSAGES.passkeyRequiredForAction)
        return call({ passkey_response: await passkey.confirm() });
      if (isSecondFactorRefusal(failure)) setAskCode(true);
      throw error;
    }
  };
  return { run, askCode, busy: passkey.busy };
}
