// The client secret of an SSO connection, sealed for its own purpose (never returned by the API).
import { openSecret, sealSecret } from '../crypto/secret-box';

const PURPOSE = 'sso-client-secret';

export const sealClientSecret = (plain: string, secretKey: string) => sealSecret(plain, secretKey, PURPOSE);
export const openClientSecret = (sealed: string, secretKey: string) => openSecret(sealed, secretKey, PURPOSE);
