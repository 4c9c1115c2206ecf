import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import styles from './dialog.module.css';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Read to screen readers with the title; hidden visually when not given. */
  description?: string;
  children: ReactNode;
  /** Wider dialogs (forms with a side panel); default 440 px. */
  size?: 'default' | 'wide';
  /** Focus the first input on opening (a form opened to be typed in), not the × button. */
  focusInput?: boolean;
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
}: DialogProps) {
  // Opened from code (no Radix Trigger), the dialog hands focus back to what had it on opening.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={size === 'wide' ? `${styles.content} ${styles.wide}` : styles.content}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement as HTMLElement | null;
            const input = focusInput
              ? (event.currentTarget as HTMLElement | null)?.querySelector('input')
              : null;
            if (!input) return;
            event.preventDefault();
            input.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
        >
          <header className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close className={styles.close} aria-label="Close">
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
