// A custom domain's host name as typed → its ASCII form (IDN → punycode), refused when it cannot be
// a domain of one owner: an IP literal, a public suffix itself (co.uk, github.io), a name outside
// any DNS syntax, or Sling's own host names and their subdomains. Nothing is dropped or decoded
// silently: a path, query, fragment, port, user, backslash or %XX is refused with the reason, and so
// is a label that imitates another name (lookalike-label.ts).
import { isIP } from 'node:net';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse } from 'tldts';
import { invalidField } from '../core/errors';
import { lookalikeReason } from './lookalike-label';

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
  const extra = extraPart(text);
  if (extra) throw refuse(extra);
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
  const ownLabels = parsed.publicSuffix ? labels.slice(0, labels.length - parsed.publicSuffix.split('.').length) : labels;
  for (const label of ownLabels) {
    const lookalike = lookalikeReason(domainToUnicode(label));
    if (lookalike) throw refuse(lookalike);
  }
  const apex = parsed.domain === ascii;
  return { hostname: ascii, registrable: parsed.domain, apex, label: apex ? '@' : ascii.slice(0, -(parsed.domain.length + 1)) };
}

/** Why the text is more than a host name (a URL's other parts, an escape), or null. */
function extraPart(text: string): string | null {
  if (/[/?#]/.test(text)) return 'Give only the host name (go.example.com), without a path, query or fragment.';
  if (text.includes('\\')) return 'A host name cannot contain a backslash.';
  if (text.includes('%')) return 'Type the host name itself: percent-encoded characters (%XX) are not accepted.';
  if (text.includes('@')) return 'Give only the host name (go.example.com), without a user name.';
  if (text.includes(':')) return 'Give only the host name (go.example.com), without a port: custom domains are served on 80 and 443.';
  if (/\s/.test(text)) return 'A host name cannot contain spaces.';
  return null;
}
