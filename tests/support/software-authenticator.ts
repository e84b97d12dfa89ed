import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests over HTTP: it answers WebAuthn options as a browser
 * with a platform authenticator would (ES256 keys, attestation `none`, discoverable credentials that
 * keep the user handle), so the service's real verifier checks real signatures. No maintained npm
 * package does this for Node (checked: `fido2-helpers` holds fixed vectors only); the formats are
 * WebAuthn Level 3 §6.1 (authenticator data) and §6.5.4 (the `none` attestation), COSE per RFC 9053.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Held {
  readonly id: Buffer;
  readonly rpId: string;
  readonly userHandle: string;
  readonly privateKey: KeyObject;
  counter: number;
}

type Json = Record<string, any>;

export class SoftwareAuthenticator {
  private readonly credentials: Held[] = [];

  /** `counting: false` keeps every signature counter at zero, as synced passkeys do. */
  constructor(private readonly counting = true) {}

  /** The browser's `navigator.credentials.create()` with these options, on a page of `origin`; the answer as `toJSON()` gives it. */
  create(options: Json, origin: string): Json {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(16);
    const rpId = options['rp'].id as string;
    const held: Held = { id, rpId, userHandle: options['user'].id, privateKey, counter: 0 };
    const attested = Buffer.concat([Buffer.alloc(16), Buffer.from([0, id.length]), id, Buffer.from(isoCBOR.encode(cose))]);
    const authData = Buffer.concat([this.header(rpId, 0x45, held.counter), attested]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    this.credentials.push(held);
    const clientData = JSON.stringify({ type: 'webauthn.create', challenge: options['challenge'], origin, crossOrigin: false });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The browser's `navigator.credentials.get()`: the newest passkey of the options' RP signs, with the next counter. */
  get(options: Json, origin: string, pick: { counter?: number; id?: string } = {}): Json {
    const held = [...this.credentials]
      .reverse()
      .find((c) => c.rpId === options['rpId'] && (pick.id === undefined || b64url(c.id) === pick.id));
    if (held === undefined) throw new Error(`no passkey for ${options['rpId']}`);
    if (this.counting) held.counter = pick.counter ?? held.counter + 1;
    const authData = this.header(held.rpId, 0x05, held.counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options['challenge'], origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), held.privateKey);
    return {
      id: b64url(held.id),
      rawId: b64url(held.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: held.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The RP id's hash, the flags (user present, verified; attested data) and the counter, big-endian. */
  private header(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }
}
