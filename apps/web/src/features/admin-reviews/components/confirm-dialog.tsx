import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import styles from './reviews.module.css';

interface ConfirmDialogProps {
  title: string;
  /** What the decision does, read with the title. */
  description: string;
  confirmLabel: string;
  onClose: () => void;
  /** Sends the decision; true when it was recorded, and the dialog closes. */
  onConfirm: () => Promise<boolean>;
}

/** A decision that needs nothing typed, asked once more before it is sent (walk-3 D12). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, description, confirmLabel, onClose, onConfirm } = props;
  const { t } = useTranslation('admin-reviews');
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const recorded = await onConfirm();
    setBusy(false);
    if (recorded) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
    >
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button busy={busy} disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
