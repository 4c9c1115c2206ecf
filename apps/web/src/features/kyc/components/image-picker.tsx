import { useEffect, useId, useRef, useState } from 'react';
import { ACCEPTED_IMAGE_TYPES } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useMessage } from '@/i18n/use-message';
import { imageFileProblem } from '../image-check';
import styles from './image-picker.module.css';

interface ImagePickerProps {
  label: string;
  file: File | null | undefined;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** An image input with its preview and an × to remove it; refuses what the server would. */
export function ImagePicker({ label, file, onChange, error, disabled }: ImagePickerProps) {
  const { t } = useTranslation('kyc');
  const say = useMessage();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);

  useEffect(() => {
    if (!file) return;
    // A data URL, not an object URL: nothing to revoke when React re-runs the effect.
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const found = await imageFileProblem(picked);
    setProblem(found);
    if (!found) onChange(picked);
  };

  const message = problem ?? error;
  return (
    <div className={styles.picker}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      {file && preview?.file === file ? (
        <div className={styles.preview}>
          <img src={preview.url} alt={t('picker.preview', { label })} />
          <button
            type="button"
            className={styles.remove}
            aria-label={t('picker.remove', { label })}
            disabled={disabled}
            onClick={() => {
              onChange(null);
              // The × goes with the image: focus moves to the input that picks another.
              input.current?.focus();
            }}
          >
            ×
          </button>
        </div>
      ) : (
        <label className={message ? `${styles.drop} ${styles.invalid}` : styles.drop} htmlFor={id}>
          <span>{t('picker.choose')}</span>
          <span className={styles.hint}>{t('picker.hint')}</span>
        </label>
      )}
      <input
        ref={input}
        id={id}
        className={styles.input}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        aria-labelledby={`${id}-label`}
        aria-invalid={message ? true : undefined}
        disabled={disabled}
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {message && (
        <p className={styles.error} role="alert">
          {say(message)}
        </p>
      )}
    </div>
  );
}
