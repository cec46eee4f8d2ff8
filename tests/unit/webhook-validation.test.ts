// Registration rules for webhook URLs and events (lib/webhooks/webhook-schema.ts, lib/webhooks/webhook-target.ts),
// and Standard Webhooks signatures.
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { parseWith } from '../../lib/schemas/parse-input';
import { ZWebhookEvents, ZWebhookUrlShape } from '../../lib/webhooks/webhook-schema';
import { checkWebhookTarget, type WebhookPolicy } from '../../lib/webhooks/webhook-target';

/** The checks a webhook URL meets on registration: its shape (the schema), then where it points. */
const validateWebhookUrl = async (url: unknown, policy: WebhookPolicy) => checkWebhookTarget(parseWith(ZWebhookUrlShape, url), policy);
const validateEvents = (events: unknown) => parseWith(ZWebhookEvents, events);
import { newWebhookSecret, sealWebhookSecret, signatureHeader, signingKeys } from '../../lib/webhooks/webhook-secret';

const strict = { allowPrivate: false };
const lenient = { allowPrivate: true };

async function refusal(url: unknown, policy = strict): Promise<string> {
  try {
    await validateWebhookUrl(url, policy);
  } catch (err) {
    expect(err).toMatchObject({ code: 'invalid_request' });
    return (err as { details: Record<string, string> }).details.url ?? (err as { details: Record<string, string> }).details.body;
  }
  throw new Error(`${String(url)} was accepted`);
}

describe('webhook URLs', () => {
  test('private and loopback targets are refused unless allowed', async () => {
    expect(await refusal('http://10.0.0.1/')).toMatch(/10\.0\.0\.1 resolves to a non-public address \(10\.0\.0\.1\)/);
    expect(await refusal('https://10.0.0.1/')).toMatch(/non-public/);
    expect(await refusal('https://localhost:8443/hook')).toMatch(/^localhost resolves to a non-public address \((127\.0\.0\.1|::1)/);
    expect(await refusal('https://[::1]/')).toMatch(/non-public/);
    expect(await refusal('https://169.254.169.254/latest/meta-data')).toMatch(/non-public/);
    expect(await refusal('https://[::ffff:127.0.0.1]/')).toMatch(/non-public/);
    expect(await validateWebhookUrl('http://127.0.0.1:9999/hook#x', lenient)).toBe('http://127.0.0.1:9999/hook');
    expect(await validateWebhookUrl('http://localhost:9999/hook', lenient)).toBe('http://localhost:9999/hook');
  });

  test('IPv6 addresses carrying a non-public IPv4 address are refused unless allowed', async () => {
    for (const url of [
      'http://[::127.0.0.1]/', // IPv4-compatible (::7f00:1)
      'https://[::10.0.0.1]/',
      'https://[::ffff:7f00:1]/', // IPv4-mapped, hex form
      'https://[::ffff:0:7f00:1]/', // IPv4-translated
      'http://[2002:7f00:1::]/', // 6to4 of 127.0.0.1
      'http://[2002:0a00:0001::1]/', // 6to4 of 10.0.0.1
      'https://[2002:a9fe:a9fe::]/', // 6to4 of 169.254.169.254
      'http://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
      'https://[64:ff9b::192.168.1.1]/',
      'https://[64:ff9b:1::a00:1]/', // local-use NAT64
      'https://[::]/',
    ])
      expect(await refusal(url), url).toMatch(/resolves to a non-public address/);
    expect(await validateWebhookUrl('http://[2002:7f00:1::]/hook', lenient)).toBe('http://[2002:7f00:1::]/hook');
  });

  test('IPv6 addresses carrying a public IPv4 address are public', async () => {
    expect(await validateWebhookUrl('https://[2002:0808:0808::1]/hook', strict)).toBe('https://[2002:808:808::1]/hook');
    expect(await validateWebhookUrl('https://[64:ff9b::8.8.8.8]/hook', strict)).toBe('https://[64:ff9b::808:808]/hook');
    expect(await validateWebhookUrl('https://[::ffff:8.8.8.8]/hook', strict)).toBe('https://[::ffff:808:808]/hook');
  });

  test('https is required for public hosts, even when private targets are allowed', async () => {
    expect(await validateWebhookUrl('https://93.184.215.14/hooks?x=1', strict)).toBe('https://93.184.215.14/hooks?x=1');
    expect(await refusal('http://93.184.215.14/hooks')).toMatch(/must start with https:\/\//);
    expect(await refusal('http://93.184.215.14/hooks', lenient)).toMatch(/must start with https:\/\//);
  });

  test('bad URLs say what is wrong', async () => {
    expect(await refusal(undefined)).toBe('Give the URL that should receive the events.');
    expect(await refusal('not a url')).toBe('The URL is not a valid absolute URL.');
    expect(await refusal('ftp://93.184.215.14/')).toBe('The URL must start with https://.');
    expect(await refusal(`https://93.184.215.14/${'a'.repeat(2050)}`)).toBe('The URL is longer than 2048 characters.');
    expect(await refusal('https://no-such-host.invalid/')).toBe('The host no-such-host.invalid could not be found.');
  });
});

describe('webhook events', () => {
  test('known events, de-duplicated in a fixed order; unknown or none refused', () => {
    expect(validateEvents(['link.clicked', 'link.created', 'link.clicked'])).toEqual(['link.created', 'link.clicked']);
    expect(() => validateEvents([])).toThrow(/Choose at least one event/);
    expect(() => validateEvents('link.created')).toThrow(/Choose at least one event/);
    expect(() => validateEvents(['link.created', 'link.exploded'])).toThrow(/Unknown event "link.exploded"/);
  });
});

describe('signatures', () => {
  test('verify with the standardwebhooks package, with either secret during a rotation', () => {
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ id: 'evt_1', event: 'link.created', timestamp: new Date().toISOString(), data: { x: 'é' } });
    const ts = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(ts), 'webhook-signature': signatureHeader([b, a], 'evt_1', ts, body) };
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ id: 'evt_1' });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ id: 'evt_1' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(body.replace('é', 'e'), headers)).toThrow();
  });

  test('keys opened once per sealed secret sign as the secret does; a rotated secret is never signed with the old key', () => {
    const KEY = 'unit-secret-key-0123456789abcdef0123456789';
    const keyOf = signingKeys(KEY, 2);
    const [a, b] = [newWebhookSecret(), newWebhookSecret()];
    const [sealedA, sealedB] = [sealWebhookSecret(a, KEY), sealWebhookSecret(b, KEY)];
    const body = '{"id":"evt_2","data":{}}';
    const ts = Math.floor(Date.now() / 1000);
    const sign = (sealed: string) => ({
      'webhook-id': 'evt_2',
      'webhook-timestamp': String(ts),
      'webhook-signature': signatureHeader([keyOf(sealed)], 'evt_2', ts, body),
    });
    expect(keyOf(sealedA)).toBe(keyOf(sealedA)); // opened once
    expect(signatureHeader([keyOf(sealedA)], 'evt_2', ts, body)).toBe(signatureHeader([a], 'evt_2', ts, body));
    expect(() => new Webhook(a).verify(body, sign(sealedA))).not.toThrow();
    // After a rotation the webhook row holds sealedB: it is signed with b alone.
    expect(() => new Webhook(b).verify(body, sign(sealedB))).not.toThrow();
    expect(() => new Webhook(a).verify(body, sign(sealedB))).toThrow();
    // Bounded: a third secret evicts the oldest, which is opened again (to the same key) when it comes back.
    const c = newWebhookSecret();
    const first = keyOf(sealedA);
    keyOf(sealWebhookSecret(c, KEY));
    expect(keyOf(sealedA)).not.toBe(first);
    expect(keyOf(sealedA).export().equals(first.export())).toBe(true);
    expect(() => signingKeys(`${KEY}x`)(sealedA)).toThrow();
  });
});
