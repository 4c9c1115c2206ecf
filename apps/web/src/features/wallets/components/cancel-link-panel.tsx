import { useCancelByLinkMutation, useGetCancelLinkQuery } from '../api/withdraw-controls';
import { MailLinkPanel } from './mail-link-panel';

/**
 * The page a withdrawal mail's cancel link opens: the withdrawal, and a button that cancels it
 * while it waits (for review, or for its email confirmation).
 */
export function CancelLinkPanel({ token }: { token: string }) {
  const shown = useGetCancelLinkQuery(token, { skip: !token });
  const [cancel, cancelling] = useCancelByLinkMutation();
  return (
    <MailLinkPanel
      token={token}
      texts="link"
      shown={shown}
      acted={cancelling}
      act={cancel}
      actionable={(r) => r.status === 'pending' || r.status === 'awaiting_email_confirmation'}
    />
  );
}
