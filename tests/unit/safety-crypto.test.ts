// Groundwork for webhooks: sealed secrets (AES-256-GCM) and the public-address check.
import { describe, expect, test } from 'vitest';
import { openSecret, sealSecret } from '../../lib/crypto/secret-box';
import { assertPublicHost, isPublicAddress } from '../../lib/safety/public-address';

const KEY = 'a-secret-key-of-at-least-32-characters!!';

describe('sealed secrets', () => {
  test('round-trip; each seal differs; the plain text is not in the sealed value', () => {
    const a = sealSecret('whsec_abc123', KEY, 'webhook');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain('abc123');
    expect(sealSecret('whsec_abc123', KEY, 'webhook')).not.toBe(a);
    expect(openSecret(a, KEY, 'webhook')).toBe('whsec_abc123');
  });
  test('another key, another purpose or an altered value cannot be opened', () => {
    const a = sealSecret('whsec_abc123', KEY, 'webhook');
    expect(() => openSecret(a, `${KEY}x`, 'webhook')).toThrow();
    expect(() => openSecret(a, KEY, 'sso')).toThrow();
    const parts = a.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => openSecret(parts.join('.'), KEY, 'webhook')).toThrow();
    expect(() => openSecret('plain', KEY, 'webhook')).toThrow(/not a sealed secret/);
  });
});

describe('public addresses', () => {
  test.each([
    '10.0.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.1.1',
    '::',
    '::127.0.0.1',
    '::7f00:1',
    '::8.8.8.8',
    '::ffff:7f00:1',
    '::ffff:0:7f00:1',
    '2002:7f00:1::',
    '2002:a00:1::1',
    '64:ff9b::7f00:1',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::808:808',
    'fe80::1%eth0',
  ])('%s is not public', (ip) => expect(isPublicAddress(ip)).toBe(false));
  test.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2002:808:808::1', '64:ff9b::808:808'])('%s is public', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
  test('a name resolving to loopback and a private literal are refused; a public literal passes without DNS', async () => {
    await expect(assertPublicHost('localhost')).rejects.toThrow(/non-public/);
    await expect(assertPublicHost('10.0.0.1')).rejects.toThrow(/non-public/);
    await expect(assertPublicHost('[::1]')).rejects.toThrow(/non-public/);
    await expect(assertPublicHost('93.184.216.34')).resolves.toEqual(['93.184.216.34']);
  });
});
