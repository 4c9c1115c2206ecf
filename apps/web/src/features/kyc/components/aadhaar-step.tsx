import { KYC_MESSAGES as M } from '@exchange/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { toastFailure, toFailure } from '@/lib/api-error';
import { useMessage } from '@/i18n/use-message';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useUploadFilesMutation } from '@/lib/files-api';
import { useCheckAadhaarMutation } from '../api/kyc-api';
import { aadhaarStepSchema, type AadhaarStepInput } from '../kyc-form-schemas';
import { ImagePicker } from './image-picker';
import styles from './kyc-steps.module.css';

export interface AadhaarResult {
  input: AadhaarStepInput;
  aadhar_number: string;
  aadhar_image_1: string;
  aadhar_image_2: string;
}

interface AadhaarStepProps {
  initial: AadhaarStepInput | undefined;
  onDone: (result: AadhaarResult) => void;
}

/** Step 1 (spec sections 2 and 4): the number and both sides, uploaded before step 2 opens. */
export function AadhaarStep({ initial, onDone }: AadhaarStepProps) {
  const { t } = useTranslation('kyc');
  const say = useMessage();
  const [check, checking] = useCheckAadhaarMutation();
  const [upload, uploading] = useUploadFilesMutation();
  const isLoading = checking.isLoading || uploading.isLoading;
  const { register, control, handleSubmit, getValues, setError, formState } = useZodForm(
    aadhaarStepSchema,
    { defaultValues: initial ?? { aadhar_number: '' } },
  );
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ aadhar_number, front, back }) => {
    // A number that cannot be used is said here, where it was typed, before any upload (D10).
    try {
      await check({ aadhar_number }).unwrap();
    } catch (error) {
      const failure = toFailure(error);
      if (failure.status === 409 || failure.status === 429)
        return setError(
          'aadhar_number',
          { message: failure.message ?? M.submitFailed },
          { shouldFocus: true },
        );
      return void toastFailure(error, M.submitFailed);
    }
    try {
      const { data } = await upload([front, back]).unwrap();
      const [first, second] = data.files;
      if (!first || !second) return void toast.error(M.uploadFailed);
      onDone({
        input: getValues(),
        aadhar_number,
        aadhar_image_1: first.id,
        aadhar_image_2: second.id,
      });
    } catch (error) {
      toastFailure(error, M.aadhaarUploadFailed, M.aadhaarUploadFailed);
    }
  });

  const imagesError = errors.front?.message ?? errors.back?.message;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Field
        label={t('aadhaar.number')}
        inputMode="numeric"
        autoComplete="off"
        placeholder="1234 5678 9012"
        maxLength={14}
        disabled={isLoading}
        error={errors.aadhar_number?.message}
        {...register('aadhar_number')}
      />
      <div className={styles.images}>
        <Controller
          control={control}
          name="front"
          render={({ field }) => (
            <ImagePicker
              label={t('aadhaar.front')}
              file={field.value}
              onChange={field.onChange}
              disabled={isLoading}
            />
          )}
        />
        <Controller
          control={control}
          name="back"
          render={({ field }) => (
            <ImagePicker
              label={t('aadhaar.back')}
              file={field.value}
              onChange={field.onChange}
              disabled={isLoading}
            />
          )}
        />
      </div>
      {imagesError && (
        <p className={styles.error} role="alert">
          {say(imagesError)}
        </p>
      )}
      <Button type="submit" block busy={isLoading} disabled={isLoading}>
        {checking.isLoading
          ? t('aadhaar.checking')
          : uploading.isLoading
            ? t('aadhaar.uploading')
            : t('aadhaar.next')}
      </Button>
    </form>
  );
}
