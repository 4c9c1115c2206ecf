import { KYC_MESSAGES as M } from '@exchange/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { toastFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { useUploadFilesMutation } from '@/lib/files-api';
import { useRequestVerificationMutation } from '../api/kyc-api';
import { panStepSchema } from '../kyc-form-schemas';
import type { AadhaarResult } from './aadhaar-step';
import { ImagePicker } from './image-picker';
import styles from './kyc-steps.module.css';

/** A PAN's shape (five letters, four digits, a letter), the same in every language. */
const PAN_SHAPE = 'ABCDE1234F';

interface PanStepProps {
  aadhaar: AadhaarResult;
  onBack: () => void;
}

/** Step 2: PAN (upper-cased as typed) and its image; uploads, submits the request, goes to /. */
export function PanStep({ aadhaar, onBack }: PanStepProps) {
  const { t } = useTranslation('kyc');
  const navigate = useNavigate();
  const [upload, uploading] = useUploadFilesMutation();
  const [requestVerification, submitting] = useRequestVerificationMutation();
  const busy = uploading.isLoading || submitting.isLoading;
  const { register, control, handleSubmit, formState } = useZodForm(panStepSchema, {
    defaultValues: { pan_number: '' },
  });
  const { errors } = formState;
  const panField = register('pan_number');

  const onSubmit = handleSubmit(async ({ pan_number, pan }) => {
    try {
      const { data } = await upload([pan]).unwrap();
      const stored = data.files[0];
      if (!stored) return void toast.error(M.panUploadFailed);
      const result = await requestVerification({
        aadhar_number: aadhaar.aadhar_number,
        aadhar_image_1: aadhaar.aadhar_image_1,
        aadhar_image_2: aadhaar.aadhar_image_2,
        pan_number,
        pan_image: stored.id,
      }).unwrap();
      toast.success(result.message || M.submitted);
      navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      toastFailure(error, M.submitFailed, M.submitFailed);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Field
        label={t('pan.number')}
        autoComplete="off"
        placeholder={PAN_SHAPE}
        maxLength={10}
        disabled={busy}
        error={errors.pan_number?.message}
        {...panField}
        onChange={(event) => {
          event.target.value = event.target.value.toUpperCase();
          return panField.onChange(event);
        }}
      />
      <Controller
        control={control}
        name="pan"
        render={({ field }) => (
          <ImagePicker
            label={t('pan.card')}
            file={field.value}
            onChange={field.onChange}
            error={errors.pan?.message}
            disabled={busy}
          />
        )}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onBack} disabled={busy}>
          {t('pan.back')}
        </Button>
        <Button type="submit" busy={busy} disabled={busy}>
          {busy ? t('pan.submitting') : t('pan.submit')}
        </Button>
      </div>
    </form>
  );
}
