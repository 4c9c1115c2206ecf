import { TWO_FACTOR_MESSAGES as F, type UserProfile } from '@exchange/contracts';
import { lazy, useState } from 'react';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { isSecondFactorRefusal } from '@/lib/api-error';
import type { DecisionDialogProps } from '../components/decision-dialog';
import { useDecide } from './use-decide';

// The form, its schema and the passkey ceremony load with the first decision that needs them.
const DecisionDialog = lazy(() =>
  import('../components/decision-dialog').then((m) => ({ default: m.DecisionDialog })),
);

/** The signed-in admin's second factors (the profile's `two_factor_enabled`, `has_passkeys`). */
export interface SecondFactors {
  code: boolean;
  passkey: boolean;
}

export const NO_SECOND_FACTOR: SecondFactors = { code: false, passkey: false };

/** The profile's second factors; unknown while it loads. */
export const factorsOf = (profile: UserProfile | null | undefined): SecondFactors | undefined =>
  profile ? { code: profile.two_factor_enabled, passkey: profile.has_passkeys } : undefined;

/** A decision that moves money: where it is sent and what its dialog says. */
export interface MoneyDecision {
  url: string;
  title: string;
  description: string;
  submitLabel: string;
  /** The last approval of a payout made by hand: the dialog asks for its hash. */
  askHash?: boolean;
  /** What the decision sends besides the proof (a rejection's reason). */
  body?: Record<string, unknown>;
}

type Open = MoneyDecision & { factors: SecondFactors; refusal?: string };

/**
 * Confirming, approving or rejecting a deposit or withdrawal (review N-L2). An admin with a second factor (or a payout's
 * hash to give) decides in a dialog that asks for what is needed; an admin with none decides in
 * one click, as before, and gets the dialog only if the server asks for a second factor after all
 * (it was turned on elsewhere). `dialog` goes in the page; `start(decision)` runs one.
 */
export function useMoneyDecision(factors: SecondFactors) {
  const [, state, send] = useDecide();
  const [open, setOpen] = useState<Open | null>(null);

  const start = async (decision: MoneyDecision) => {
    if (decision.askHash || factors.code || factors.passkey)
      return setOpen({ ...decision, factors });
    const failure = await send(decision.url, decision.body ?? {});
    if (failure && isSecondFactorRefusal(failure)) {
      const passkey = failure.message === F.passkeyRequiredForAction;
      const refusal = failure.message ?? F.codeRequiredForAction;
      setOpen({ ...decision, factors: { code: !passkey, passkey }, refusal });
    }
  };

  const props: DecisionDialogProps | null = open && {
    title: open.title,
    description: open.description,
    askHash: open.askHash ?? false,
    factors: open.factors,
    submitLabel: open.submitLabel,
    refusal: open.refusal,
    onClose: () => setOpen(null),
    onSubmit: (body) => send(open.url, { ...open.body, ...body }),
  };
  const dialog = (
    <DialogLoader open={open !== null}>{props && <DecisionDialog {...props} />}</DialogLoader>
  );
  return { start, dialog, busy: state.isLoading };
}
