import type { PayoutRequest } from '@exchange/contracts';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDecideMutation } from '../api/reviews-api';

const DECISION_FAILED = 'The decision was not recorded';

/**
 * Sends a decision and says how it went: the server's message as a success toast (it says
 * whether a second admin must still approve), or its refusal as an error toast.
 */
export function useDecide() {
  const [decide, state] = useDecideMutation();
  const run = async (url: string, body?: { reason: string } | PayoutRequest) => {
    try {
      const result = await decide(body ? { url, body } : { url }).unwrap();
      toast.success(result.message);
      return true;
    } catch (error) {
      toastFailure(error, DECISION_FAILED);
      return false;
    }
  };
  return [run, state] as const;
}
