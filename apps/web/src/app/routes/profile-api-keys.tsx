import type { CreatedApiKeyDto } from '@exchange/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyForm } from '@/features/api-keys/components/api-key-form';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { ApiKeyList } from '@/features/api-keys/components/api-key-list';
import { ApiKeySecretDialog } from '@/features/api-keys/components/api-key-secret-dialog';
import layout from '@/features/api-keys/components/api-keys.module.css';
import styles from './page.module.css';

/** /profile/api-keys: keys for trading programs (create, see the secret once, revoke). */
export function Component() {
  const { t } = useTranslation();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  // Create is disabled while busy, so nothing has focus when the secret shows: Done returns here.
  const title = useRef<HTMLHeadingElement>(null);
  const { profile } = useProfile();
  return (
    <section className={styles.stack} aria-labelledby="api-keys-title">
      <h1 id="api-keys-title" ref={title} tabIndex={-1} className={styles.title}>
        {t('nav.apiKeys')}
      </h1>
      <div className={layout.layout}>
        <ApiKeyForm
          onCreated={setCreated}
          askPasskey={!profile?.two_factor_enabled && (profile?.has_passkeys ?? false)}
          heldUntil={profile?.withdrawals_held_until ?? null}
        />
        <ApiKeyList />
      </div>
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} returnFocus={title} />
    </section>
  );
}
