import type { PayoutRequest } from '@exchange/contracts';
import { toastFailure, type CallFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDecideMutation } from '../api/reviews-api';

const DECISION_FAILED = 'The decision was not recorded';

/**
 * Sends a decision and says how it went: the server's message as a success toast (it says
 * whether a second admin must still approve), or its refusal as an error toast. `run` answers
 * whether it was recorded; `send` answers the refusal itself (null when recorded), for forms that
 * show it under a field.
 */
export function useDecide() {
  const [decide, state] = useDecideMutation();
  const send = async (
    url: string,
    body?: { reason: string } | PayoutRequest,
  ): Promise<CallFailure | null> => {
    try {
      const result = await decide(body ? { url, body } : { url }).unwrap();
      toast.success(result.message);
      return null;
    } catch (error) {
      return toastFailure(error, DECISION_FAILED);
    }
  };
  const run = async (url: string, body?: { reason: string } | PayoutRequest) =>
    (await send(url, body)) === null;
  return [run, state, send] as const;
}
