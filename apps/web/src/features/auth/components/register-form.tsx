import { registerFormSchema } from '@exchange/contracts';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordField } from '@/components/ui/password-field';
import { paths } from '@/config/paths';
import { dataStatusOf, fieldErrors, toFailure } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useZodForm } from '@/lib/use-zod-form';
import { RichText } from '@/i18n/rich-text';
import { useRegisterMutation } from '../api/auth-api';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';
import { PasswordChecklist } from './password-checklist';

interface RegisterFormProps {
  /** The account exists (`pending`: registered before but never verified); go verify. */
  onRegistered: (email: string, pending: boolean) => void;
  hidden?: boolean;
}

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'password'] as const;

/**
 * Create Account (spec section 2): first and last name, email, phone and password with its live
 * checklist, validated by the contracts' schema; the server's refusals land on their fields.
 */
export function RegisterForm({ onRegistered, hidden = false }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const [registerAccount, { isLoading }] = useRegisterMutation();
  const form = useZodForm(registerFormSchema, {
    mode: 'onTouched',
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
    },
  });
  const { register, handleSubmit, control, setError, formState } = form;
  const { errors } = formState;
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...payload }) => {
    try {
      const result = await registerAccount(payload).unwrap();
      toast.success(result.message);
      onRegistered(payload.email, false);
    } catch (error) {
      const failure = toFailure(error);
      if (dataStatusOf(failure) === 'email_verification_pending') {
        toast.warning(failure.message ?? t('register.pending'));
        onRegistered(payload.email, true);
        return;
      }
      for (const [field, message] of Object.entries(fieldErrors(failure))) {
        if ((FIELDS as readonly string[]).includes(field)) {
          setError(field as (typeof FIELDS)[number], { message });
        }
      }
      toast.error(
        failure.exception
          ? t('common:somethingWentWrong')
          : (failure.message ?? t('register.failed')),
      );
    }
  });

  return (
    <div hidden={hidden}>
      <AuthCard
        title={t('register.title')}
        subtitle={t('register.subtitle')}
        footer={
          <RichText
            text={t('register.haveAccount')}
            parts={{ login: (c) => <Link to={paths.login.getHref()}>{c}</Link> }}
          />
        }
      >
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className={styles.row}>
            <Field
              label={t('register.firstName')}
              autoComplete="given-name"
              error={errors.first_name?.message}
              {...register('first_name')}
            />
            <Field
              label={t('register.lastName')}
              autoComplete="family-name"
              error={errors.last_name?.message}
              {...register('last_name')}
            />
          </div>
          <Field
            label={t('register.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Field
            label={t('register.phone')}
            type="tel"
            inputMode="tel"
            placeholder="98765 43210"
            autoComplete="tel-national"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="new-password"
            error={errors.password?.message}
            hint={<PasswordChecklist password={password} />}
            {...register('password')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <Button type="submit" block busy={isLoading} disabled={isLoading}>
            {isLoading ? t('register.registering') : t('register.submit')}
          </Button>
        </form>
      </AuthCard>
    </div>
  );
}
