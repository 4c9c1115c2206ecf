import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { useZodForm } from '@/lib/use-zod-form';
import styles from './reviews.module.css';

interface OneFieldDialogProps {
  title: string;
  /** What to do before filling the field, read with the title. */
  description?: string;
  /** The contracts' schema of the form: one string field, named `field.name`. */
  schema: z.ZodType<Record<string, string>, Record<string, string>>;
  field: { name: string; label: string; placeholder?: string };
  submitLabel: string;
  onClose: () => void;
  /** Sends the decision with the field's value; true when it was recorded, and the dialog closes. */
  onSubmit: (value: string) => Promise<boolean>;
}

/**
 * A review's decision that needs one thing typed: the reason of a rejection, the hash of a payout
 * made by hand. It opens with the field focused, to be typed in; the schema's messages show
 * under the field; Cancel, Escape or × close it.
 */
export function OneFieldDialog(props: OneFieldDialogProps) {
  const { title, description, schema, field, submitLabel, onClose, onSubmit } = props;
  const { t } = useTranslation('admin-reviews');
  const { register, handleSubmit, formState } = useZodForm(schema, {
    defaultValues: { [field.name]: '' },
  });
  const submit = handleSubmit(async (values) => {
    if (await onSubmit(values[field.name] ?? '')) onClose();
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      focusInput
      {...(description ? { description } : {})}
    >
      <form className={styles.dialogForm} onSubmit={submit} noValidate>
        <Field
          label={field.label}
          {...(field.placeholder ? { placeholder: field.placeholder } : {})}
          error={formState.errors[field.name]?.message}
          {...register(field.name)}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" busy={formState.isSubmitting} disabled={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
