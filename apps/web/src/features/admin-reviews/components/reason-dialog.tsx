import { reviewRejectSchema } from '@exchange/contracts';
import { OneFieldDialog } from './one-field-dialog';

interface ReasonDialogProps {
  title: string;
  onClose: () => void;
  /** Sends the rejection; true when it was recorded. */
  onReject: (reason: string) => Promise<boolean>;
}

/** Rejecting with the reason the user will see. */
export function ReasonDialog({ title, onClose, onReject }: ReasonDialogProps) {
  return (
    <OneFieldDialog
      title={title}
      schema={reviewRejectSchema}
      field={{ name: 'reason', label: 'Reason (the user sees it)' }}
      submitLabel="Reject"
      onClose={onClose}
      onSubmit={onReject}
    />
  );
}
