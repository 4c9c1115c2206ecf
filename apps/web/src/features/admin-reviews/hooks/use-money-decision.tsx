import type { UserProfile } from '@exchange/contracts';
import { lazy, useState } from 'react';
import { DialogLoader } from '@/components/ui/dialog-loader';
import { announceDecision, type DecisionCall } from '../announce-decision';
import type { AskedField, DecisionBody, DecisionDialogProps } from '../components/decision-dialog';

// The form, its schema and the passkey ceremony load with the first decision.
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

/** A decision that moves money: what its dialog says, and the call that sends it. */
export interface MoneyDecisionStep {
  title: string;
  description: string;
  submitLabel: string;
  /** A field the dialog asks for first (a hand-made payout's hash, the user to credit). */
  ask?: AskedField | undefined;
  send: (body: DecisionBody) => DecisionCall;
}

type Open = MoneyDecisionStep & { factors: SecondFactors };

/**
 * Confirming a deposit or approving a withdrawal: always in a dialog that says what the decision
 * does (walk-3 D12: money does not move on one click) and asks for what it needs: the payout's
 * hash, the admin's authenticator code or passkey; the code too if the server asks for it after
 * all. `dialog` goes in the page; `start(decision)` opens it.
 */
export function useMoneyDecision(factors: SecondFactors) {
  const [open, setOpen] = useState<Open | null>(null);
  const start = (decision: MoneyDecisionStep) => setOpen({ ...decision, factors });
  const props: DecisionDialogProps | null = open && {
    title: open.title,
    description: open.description,
    ask: open.ask,
    factors: open.factors,
    submitLabel: open.submitLabel,
    onClose: () => setOpen(null),
    onSubmit: (body) => announceDecision(open.send(body)),
  };
  const dialog = (
    <DialogLoader open={open !== null}>{props && <DecisionDialog {...props} />}</DialogLoader>
  );
  return { start, dialog };
}
