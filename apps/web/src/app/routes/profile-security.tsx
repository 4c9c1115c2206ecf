import type { ComponentType } from 'react';
import { AntiPhishingSection } from '@/features/two-factor/components/anti-phishing-section';
import { useTranslation } from 'react-i18next';
import { AuthenticatorSection } from '@/features/two-factor/components/authenticator-section';
import { AddressBookSection } from '@/features/wallets/components/address-book-section';
import { useProfile } from '@/features/auth/hooks/use-profile';
import { PasskeysSection } from '@/features/two-factor/components/passkeys-section';
import { PasswordSection } from '@/features/two-factor/components/password-section';
import { LoginHistorySection } from '@/features/sessions/components/login-history-section';
import { SessionsSection } from '@/features/sessions/components/sessions-section';
import styles from './page.module.css';

/** The address book, its code field shown from the start when the authenticator app is on. */
function AddressBook() {
  const { profile } = useProfile();
  return <AddressBookSection askCode={profile?.two_factor_enabled ?? false} />;
}

/**
 * /profile/security: one section per concern, each from its own feature, in this order. Add a
 * section here rather than inside another feature's section.
 */
const SECTIONS: { id: string; Section: ComponentType }[] = [
  { id: 'password', Section: PasswordSection },
  { id: 'authenticator', Section: AuthenticatorSection },
  { id: 'passkeys', Section: PasskeysSection },
  { id: 'withdraw-addresses', Section: AddressBook },
  { id: 'anti-phishing', Section: AntiPhishingSection },
  { id: 'sessions', Section: SessionsSection },
  { id: 'login-history', Section: LoginHistorySection },
];

export function Component() {
  const { t } = useTranslation();
  return (
    <section className={styles.stack} aria-labelledby="security-page-title">
      <h1 id="security-page-title" className={styles.title}>
        {t('nav.security')}
      </h1>
      {SECTIONS.map(({ id, Section }) => (
        <Section key={id} />
      ))}
    </section>
  );
}
