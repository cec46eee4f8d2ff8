// A reporter's (or refused creator's) address as a keyed SHA-256: reports from one address can be
// grouped and counted, but the address cannot be read back or guessed without SECRET_KEY.
import { createHmac } from 'node:crypto';
import { loadConfig } from '../config/load-config';

export function hashIp(ip: string, secretKey = loadConfig().SECRET_KEY!): string {
  return createHmac('sha256', secretKey).update(`report-ip\n${ip}`).digest('base64url');
}
