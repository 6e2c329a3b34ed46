import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';

/** One passkey the device holds. */
interface StoredCredential {
  id: string;
  rpId: string;
  privateKey: KeyObject;
  signCount: number;
  /** The base64url user id of a discoverable credential, handed back as `userHandle` on sign-in. */
  userHandle?: string;
  /** When it was made, so a discoverable sign-in offers the newest (several within one millisecond stay ordered). */
  order: number;
}

/** UP (user present) and UV (user verified); AT (attested credential data follows) on registration only. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;
/** COSE: key type EC2, algorithm ES256, curve P-256. */
const COSE_KTY_EC2 = 2;
const COSE_ALG_ES256 = -7;
const COSE_CRV_P256 = 1;

let made = 0;

/**
 * A software WebAuthn device (a platform authenticator with its browser) for tests: it answers the options
 * `@simplewebauthn/server` generates with the JSON a browser would post back, with ES256 keys and attestation 'none'.
 * It always reports the user present and verified, and leaves backup eligibility unset (a single-device credential).
 */
export class SoftAuthenticator {
  readonly origin: string;
  private readonly credentials = new Map<string, StoredCredential>();

  constructor(options: { origin: string }) {
    this.origin = options.origin;
  }

  /** navigator.credentials.create(): a new passkey, discoverable (holding the user handle) unless told otherwise. */
  async register(
    options: PublicKeyCredentialCreationOptionsJSON,
    opts: { discoverable?: boolean } = {},
  ): Promise<RegistrationResponseJSON> {
    // A real authenticator refuses to make a second credential for an account it already serves.
    const held = options.excludeCredentials?.find((descriptor) => this.credentials.has(descriptor.id));
    if (held) throw new Error(`SoftAuthenticator: already holds excluded credential ${held.id}`);

    const rpId = options.rp.id ?? this.hostname();
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(16);
    const id = rawId.toString('base64url');
    made += 1;
    this.credentials.set(id, {
      id,
      rpId,
      privateKey,
      signCount: 0,
      userHandle: (opts.discoverable ?? true) ? options.user.id : undefined,
      order: made,
    });

    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = encodeCbor(
      new Map<CborValue, CborValue>([
        [1, COSE_KTY_EC2],
        [3, COSE_ALG_ES256],
        [-1, COSE_CRV_P256],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credIdLength = Buffer.alloc(2);
    credIdLength.writeUInt16BE(rawId.length);
    // Attested credential data: AAGUID (zeros: no attestation to name the model) ‖ id length ‖ id ‖ COSE key.
    const attested = Buffer.concat([Buffer.alloc(16), credIdLength, rawId, cosePublicKey]);
    const authData = Buffer.concat([authenticatorData(rpId, FLAG_UP | FLAG_UV | FLAG_AT, 0), attested]);
    const attestationObject = encodeCbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = clientDataJSON('webauthn.create', options.challenge, this.origin);
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * navigator.credentials.get(): an assertion by `opts.credentialId`, else the first allowed credential it holds,
   * else (no allowCredentials: a discoverable sign-in) its newest discoverable credential for the rpId.
   * `origin` and `challenge` forge what the "browser" reports, for attack tests.
   */
  async authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    opts: { credentialId?: string; origin?: string; challenge?: string } = {},
  ): Promise<AuthenticationResponseJSON> {
    const rpId = options.rpId ?? this.hostname();
    const credential = this.pick(rpId, options, opts.credentialId);
    credential.signCount += 1;

    const authData = authenticatorData(rpId, FLAG_UP | FLAG_UV, credential.signCount);
    const clientData = clientDataJSON('webauthn.get', opts.challenge ?? options.challenge, opts.origin ?? this.origin);
    // The signed bytes are the authenticator data followed by the hash of the client data; DER-encoded ECDSA.
    const signature = sign(
      'sha256',
      Buffer.concat([authData, createHash('sha256').update(clientData).digest()]),
      credential.privateKey,
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(credential.userHandle === undefined ? {} : { userHandle: credential.userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The ids (base64url) of the credentials it holds, oldest first. */
  credentialIds(): string[] {
    return [...this.credentials.keys()];
  }

  /** Deletes a credential from the device (as a user removing a passkey would). */
  forget(credentialId: string): void {
    this.credentials.delete(credentialId);
  }

  /** Sets a credential's counter: its next assertion carries `n + 1` (a lower one than before acts as a clone). */
  setSignCount(credentialId: string, n: number): void {
    this.held(credentialId).signCount = n;
  }

  private pick(
    rpId: string,
    options: PublicKeyCredentialRequestOptionsJSON,
    credentialId: string | undefined,
  ): StoredCredential {
    if (credentialId !== undefined) return this.held(credentialId);
    const allowed = options.allowCredentials ?? [];
    if (allowed.length > 0) {
      const found = allowed.map((descriptor) => this.credentials.get(descriptor.id)).find((c) => c?.rpId === rpId);
      if (!found) throw new Error('SoftAuthenticator: holds none of the allowed credentials');
      return found;
    }
    const discoverable = [...this.credentials.values()]
      .filter((c) => c.rpId === rpId && c.userHandle !== undefined)
      .sort((a, b) => b.order - a.order)[0];
    if (!discoverable) throw new Error(`SoftAuthenticator: no discoverable credential for ${rpId}`);
    return discoverable;
  }

  private held(credentialId: string): StoredCredential {
    const credential = this.credentials.get(credentialId);
    if (!credential) throw new Error(`SoftAuthenticator: no credential ${credentialId}`);
    return credential;
  }

  private hostname(): string {
    return new URL(this.origin).hostname;
  }
}

/** sha256(rpId) ‖ flags ‖ signCount (32-bit big-endian): the fixed head of authenticator data. */
function authenticatorData(rpId: string, flags: number, signCount: number): Buffer {
  const head = Buffer.alloc(37);
  createHash('sha256').update(rpId).digest().copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(signCount, 33);
  return head;
}

function clientDataJSON(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The CBOR this needs: integers, byte strings, text strings, maps (a Map, to keep COSE's integer keys). */
type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function encodeCbor(value: CborValue): Buffer {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`CBOR: not an integer: ${value}`);
    // Major type 0 holds n ≥ 0; major type 1 holds -1 - n.
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

/** A major type with its argument: inline below 24, else in the 1, 2 or 4 bytes that follow. */
function cborHead(major: number, argument: number): Buffer {
  const type = major << 5;
  if (argument < 24) return Buffer.from([type | argument]);
  if (argument < 0x100) return Buffer.from([type | 24, argument]);
  if (argument < 0x10000) {
    const head = Buffer.from([type | 25, 0, 0]);
    head.writeUInt16BE(argument, 1);
    return head;
  }
  const head = Buffer.from([type | 26, 0, 0, 0, 0]);
  head.writeUInt32BE(argument, 1);
  return head;
}
