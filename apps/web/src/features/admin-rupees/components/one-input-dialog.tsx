import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';

interface Props {
  open: boolean;
  title: string;
  description: string;
  label: string;
  submitLabel: string;
  onClose: () => void;
  /** Resolves with an error message to show, or nothing once done. */
  onSubmit: (value: string) => Promise<string | undefined>;
}

/** A dialog asking one thing (a reason, a UTR, an email) before a decision. */
export function OneInputDialog({
  open,
  title,
  description,
  label,
  submitLabel,
  onClose,
  onSubmit,
}: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(`${label} is required`);
    setBusy(true);
    const failed = await onSubmit(value.trim());
    setBusy(false);
    setError(failed);
    if (!failed) setValue('');
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title} focusInput>
      <form onSubmit={submit} noValidate>
        <p>{description}</p>
        <Field
          label={label}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
      </form>
    </Dialog>
  );
}
