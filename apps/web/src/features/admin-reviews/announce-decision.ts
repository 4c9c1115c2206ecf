import { toastFailure, type CallFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';

const DECISION_FAILED = 'The decision was not recorded';

/** A decision's mutation, started (`approveDeposit({ id, ... })` and the like). */
export interface DecisionCall {
  unwrap: () => Promise<{ message: string }>;
}

/**
 * Says how a decision went: the server's message as a success toast (it says whether a second
 * admin must still approve), or its refusal as an error toast. Answers the refusal (null when
 * recorded), for forms that show it under a field.
 */
export async function announceDecision(call: DecisionCall): Promise<CallFailure | null> {
  try {
    toast.success((await call.unwrap()).message);
    return null;
  } catch (error) {
    return toastFailure(error, DECISION_FAILED);
  }
}

/** Whether the decision was recorded, announced as above. */
export const decisionRecorded = async (call: DecisionCall) =>
  (await announceDecision(call)) === null;
