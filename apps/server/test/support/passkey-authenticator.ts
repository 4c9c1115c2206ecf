import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { authed, type Member } from './members.js';
import type { TestApp } from './test-app.js';

const b64u = (b: Buffer | string) => Buffer.from(b).toString('base64url');

/**
 * A software passkey (ES256, "none" attestation, user verified), as a browser's platform
 * authenticator answers WebAuthn: registration and assertions against the test app's relying
 * party, so tests sign in and step up with a real passkey.
 */
export class SoftPasskey {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private readonly credId = randomBytes(16);
  private counter = 0;
  private userHandle: string | null = null;

  constructor(private readonly t: TestApp) {}

  get id(): string {
    return b64u(this.credId);
  }

  private get origin(): string {
    return this.t.app.ctx.config.webauthn.origins[0] as string;
  }

  private get rpHash(): Buffer {
    return createHash('sha256').update(this.t.app.ctx.config.webauthn.rpId).digest();
  }

  private clientData(type: string, challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }

  /** The answer to POST /security/passkeys/options. */
  register(options: { challenge: string; user: { id: string } }): Record<string, unknown> {
    this.userHandle = options.user.id;
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x as string, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y as string, 'base64url'))],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credId.length);
    const authData = Buffer.concat([
      this.rpHash,
      Buffer.from([0x45]), // user present, user verified, attested credential data
      Buffer.alloc(4),
      Buffer.alloc(16),
      length,
      this.credId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64u(Buffer.from(attestation)),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to request options (a login's or a step-up's). */
  assert(options: { challenge: string }): Record<string, unknown> {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    const authData = Buffer.concat([this.rpHash, Buffer.from([0x05]), count]);
    const clientData = this.clientData('webauthn.get', options.challenge);
    const digest = createHash('sha256').update(clientData).digest();
    const signature = sign('sha256', Buffer.concat([authData, digest]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  /** A step-up answer for the member: step-up options asked, then asserted. */
  async stepUp(user: Member): Promise<Record<string, unknown>> {
    const options = await authed(this.t, 'POST', '/security/passkeys/step-up-options', user.token);
    if (options.statusCode !== 200) throw new Error(`no step-up options: ${options.body}`);
    return this.assert(options.json().data as { challenge: string });
  }
}

/**
 * Registers a new software passkey for the member through the API; `proof` is the step-up the
 * account needs (none for its first factor).
 */
export async function addPasskey(
  t: TestApp,
  user: Member,
  proof: Record<string, unknown> = {},
  name = 'Laptop',
): Promise<SoftPasskey> {
  const passkey = new SoftPasskey(t);
  const options = await authed(t, 'POST', '/security/passkeys/options', user.token);
  const response = passkey.register(options.json().data as never);
  const added = await authed(t, 'POST', '/security/passkeys', user.token, {
    name,
    response,
    ...proof,
  });
  if (added.statusCode !== 201) throw new Error(`passkey not added: ${added.body}`);
  return passkey;
}
