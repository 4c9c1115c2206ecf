import * as RadixDialog from '@radix-ui/react-dialog';
import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read to screen readers with the title; hidden visually when not given. */
  description?: string;
  children: ReactNode;
  /**
   * Wider dialogs (forms with a side panel); default 440 px; `sheet` rises from the foot of the
   * viewport across its width (a phone's order form).
   */
  size?: 'default' | 'wide' | 'sheet';
  /** Focus the first input on opening (a form opened to be typed in), not the × button. */
  focusInput?: boolean;
  /**
   * Where focus goes on closing when what opened the dialog is gone (a row the dialog removed,
   * another dialog): without it focus would fall to the page's body.
   */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog over Radix: focus stays inside while open, Escape and the × close it, focus
 * returns to what opened it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'default',
  focusInput = false,
  returnFocus,
}: DialogProps) {
  const { t } = useTranslation();
  // Opened from code (no Radix Trigger), the dialog hands focus back to what had it on opening,
  // noted while rendering the opening: by the time Radix's onOpenAutoFocus runs, an autoFocus
  // input in the content has taken focus already.
  const [opener, setOpener] = useState(() => (open ? focusedElement() : null));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusedElement());
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={size === 'default' ? styles.content : `${styles.content} ${styles[size]}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const input = focusInput
              ? (event.currentTarget as HTMLElement | null)?.querySelector('input')
              : null;
            if (!input) return;
            event.preventDefault();
            input.focus();
          }}
          onCloseAutoFocus={(event) => {
            const target = opener?.isConnected ? opener : returnFocus?.current;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label={t('close')}>
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          </header>
          {description && (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          )}
          <div className={styles.body}>{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** What has focus; not the body, where focus is when nothing has it (a button just disabled). */
const focusedElement = () =>
  document.activeElement instanceof HTMLElement && document.activeElement !== document.body
    ? document.activeElement
    : null;
