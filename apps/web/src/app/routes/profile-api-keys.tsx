import type { CreatedApiKeyDto } from '@exchange/contracts';
import { useState } from 'react';
import { ApiKeyForm } from '@/features/api-keys/components/api-key-form';
import { ApiKeyList } from '@/features/api-keys/components/api-key-list';
import { ApiKeySecretDialog } from '@/features/api-keys/components/api-key-secret-dialog';
import layout from '@/features/api-keys/components/api-keys.module.css';
import styles from './page.module.css';

/** /profile/api-keys: keys for trading programs (create, see the secret once, revoke). */
export function Component() {
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  return (
    <section className={styles.stack} aria-labelledby="api-keys-title">
      <h1 id="api-keys-title" className={styles.title}>
        API Keys
      </h1>
      <div className={layout.layout}>
        <ApiKeyForm onCreated={setCreated} />
        <ApiKeyList />
      </div>
      <ApiKeySecretDialog created={created} onClose={() => setCreated(null)} />
    </section>
  );
}
