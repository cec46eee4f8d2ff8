// A custom domain's host name as typed → its ASCII form (IDN → punycode), refused when it cannot be
// a domain of one owner: an IP literal, a public suffix itself (co.uk, github.io), a name outside
// any DNS syntax, or Sling's own host names and their subdomains.
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { parse } from 'tldts';
import { invalidField } from '../core/errors';

export interface HostnameParts {
  hostname: string;
  /** The registrable domain (example.com for go.example.com). */
  registrable: string;
  /** The name is the registrable domain itself: no CNAME possible, A/AAAA records instead. */
  apex: boolean;
  /** The part before the registrable domain ("go"), or "@" for an apex. */
  label: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function normalizeHostname(input: unknown, own: { baseHost: string; linkHost: string }): HostnameParts {
  const refuse = (message: string) => invalidField('hostname', message);
  if (typeof input !== 'string' || input.trim() === '') throw refuse('Give the host name, such as go.example.com.');
  let text = input.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(text)) throw refuse('Give only the host name (go.example.com), without http:// or a path.');
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (isIP(text.replace(/^\[|\]$/g, '')) !== 0) throw refuse('An IP address cannot be a custom domain; use a host name such as go.example.com.');
  const ascii = domainToASCII(text);
  const labels = ascii.split('.');
  if (ascii === '' || ascii.length > 253 || labels.length < 2 || !labels.every((l) => LABEL.test(l))) {
    throw refuse(`"${input.trim().slice(0, 100)}" is not a valid host name.`);
  }
  const parsed = parse(ascii, { allowPrivateDomains: true });
  if (parsed.isIp) throw refuse('An IP address cannot be a custom domain; use a host name such as go.example.com.');
  if (!parsed.domain) throw refuse(`${ascii} is a public suffix, shared by many owners; use a name under your own domain.`);
  for (const host of [own.baseHost, own.linkHost]) {
    if (ascii === host || ascii.endsWith(`.${host}`)) throw refuse(`${ascii} belongs to this Sling service itself.`);
  }
  const apex = parsed.domain === ascii;
  return { hostname: ascii, registrable: parsed.domain, apex, label: apex ? '@' : ascii.slice(0, -(parsed.domain.length + 1)) };
}
