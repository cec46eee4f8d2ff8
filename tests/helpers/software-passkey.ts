// A WebAuthn authenticator in the test process (one P-256 key, attestation "none"), as a browser
// would hand its answers to better-auth's passkey endpoints: for tests of the server's rules where a
// browser is not the subject (tests/e2e/passkeys.test.ts drives Chromium's virtual authenticator).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

/** The CBOR subset WebAuthn's structures use: integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftwarePasskey {
  /** The credential id, base64url (as the passkeys table stores it). */
  id: string;
  /** A registration response for `options` (from /passkey/generate-register-options). */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): Record<string, unknown>;
  /** An authentication response for `options`; `userVerified: false` answers as a key without PIN or biometrics. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string, opts?: { userVerified?: boolean }): Record<string, unknown>;
}

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(16);
  const id = b64url(rawId);
  let counter = 0;
  const clientData = (type: string, challenge: string, origin: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const authData = (rpId: string, flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(++counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };
  return {
    id,
    register(options, origin) {
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = cbor(
        new Map<number, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, cose]);
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData(options.rp.id ?? '', UP | UV | AT, attested)],
        ]),
      );
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
    authenticate(options, origin, { userVerified = true } = {}) {
      const data = authData(options.rpId ?? '', userVerified ? UP | UV : UP);
      const client = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey as KeyObject);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
