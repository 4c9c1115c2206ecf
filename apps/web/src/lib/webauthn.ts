import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey ceremonies through @simplewebauthn/browser, loaded only when a passkey
 * button is pressed (it is not part of any page's first load). A ceremony the user cancelled or
 * the browser refused becomes a PasskeyCancelled with a message for people.
 */
export class PasskeyCancelled extends Error {}

const CANCELLED = 'The passkey request was cancelled or timed out';
const UNSUPPORTED = 'This browser cannot use passkeys';

function explain(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    throw new PasskeyCancelled('This passkey is already registered');
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED')
    throw new PasskeyCancelled(CANCELLED);
  throw new PasskeyCancelled(error instanceof Error && error.message ? error.message : CANCELLED);
}

async function library() {
  const webauthn = await import('@simplewebauthn/browser');
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyCancelled(UNSUPPORTED);
  return webauthn;
}

/** navigator.credentials.create with the server's options; the response for the server. */
export async function createPasskey(options: Record<string, unknown>) {
  const { startRegistration } = await library();
  return startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  }).catch(explain);
}

/** navigator.credentials.get with the server's options; the assertion for the server. */
export async function signInWithPasskey(options: Record<string, unknown>) {
  const { startAuthentication } = await library();
  return startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  }).catch(explain);
}
