import { useTranslation } from 'react-i18next';
import { i18n } from '@/i18n/i18n';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { usePasskeyLogin } from '../hooks/use-passkey-login';
import styles from './social-login.module.css';

/** Decision D9: social sign-in says "Coming soon"; "Log In with Passkey" signs in with one. */
const comingSoon = () => toast.warning(i18n.t('auth:social.comingSoon'));

const PROVIDERS = [
  {
    name: 'Google',
    path: 'M12 11v3.2h4.5c-.2 1.2-1.4 3.5-4.5 3.5a5 5 0 0 1 0-10c1.5 0 2.6.6 3.2 1.2l2.2-2.1A8 8 0 1 0 12 20c4.6 0 7.7-3.2 7.7-7.8 0-.5 0-.9-.1-1.2H12Z',
  },
  {
    name: 'Apple',
    path: 'M16.4 12.6c0-2.3 1.9-3.4 2-3.5a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.9-.8-3.1-.8a4.6 4.6 0 0 0-3.9 2.4c-1.7 2.9-.4 7.2 1.2 9.5.8 1.1 1.7 2.4 3 2.4 1.2-.1 1.6-.8 3.1-.8s1.8.8 3.1.8 2.1-1.2 2.9-2.3c.9-1.3 1.3-2.6 1.3-2.7 0 0-2.6-1-2.7-4ZM14 5.8c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1 .1 2.1-.6 2.8-1.4Z',
  },
  {
    name: 'Telegram',
    path: 'M21.5 4.2 18.3 19.3c-.2 1-.9 1.3-1.8.8l-4.9-3.6-2.3 2.3c-.3.3-.5.5-1 .5l.3-5 9.2-8.3c.4-.4-.1-.6-.6-.2L5.8 12.9l-4.9-1.5c-1-.3-1.1-1 .2-1.5L20.2 2.6c.9-.3 1.6.2 1.3 1.6Z',
  },
] as const;

export function SocialLogin() {
  const { t } = useTranslation('auth');
  const passkey = usePasskeyLogin();
  return (
    <div className={styles.root}>
      <div className={styles.divider}>
        <span>{t('social.orContinueWith')}</span>
      </div>
      <Button
        variant="secondary"
        block
        busy={passkey.busy}
        disabled={passkey.busy}
        onClick={() => void passkey.logIn()}
      >
        {t('social.passkey')}
      </Button>
      <div className={styles.providers}>
        {PROVIDERS.map((p) => (
          <button
            key={p.name}
            type="button"
            className={styles.provider}
            aria-label={t('social.continueWith', { provider: p.name })}
            onClick={comingSoon}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d={p.path} />
            </svg>
          </button>
        ))}
      </div>
    </div>
  );
}
