// Suspicion without a list entry (docs/guide/safety.md: such links are created pending_review): each check
// returns a reason a visitor and the owner can read, or nothing. Pure and cheap: no network.
import { domainToUnicode } from 'node:url';
import { BRANDS, SHORTENER_HOSTS } from './known-hosts';
import { hostAndParents } from './normalize-url';

const MAX_PLAIN_LENGTH = 1500;
const MAX_HOST_LABELS = 6;
const CREDENTIAL_WORDS = /(log-?in|sign-?in|logon|verif(y|ication)|account|password|passwd|credential|wallet|webscr|banking|unlock|recover)/i;

/** Reasons `url` (already validated: http(s) with a host) looks suspicious; empty when it does not. */
export function suspicionReasons(url: URL): string[] {
  const host = url.hostname.toLowerCase();
  const reasons: string[] = [];
  if (isIpLiteral(host)) reasons.push('The destination is a bare IP address instead of a domain name.');
  const imitated = imitatedBrand(host);
  if (imitated) reasons.push(`The destination's domain looks like ${imitated} but is not one of its domains.`);
  const shortener = hostAndParents(host).find((h) => SHORTENER_HOSTS.has(h));
  if (shortener) reasons.push(`The destination is another link shortener (${shortener}), which hides where it really leads.`);
  const credential = credentialPathBrand(url, host);
  if (credential) reasons.push(`The destination asks for ${credential} sign-in details on a site that is not ${credential}'s.`);
  const obfuscation = obfuscationReason(url, host);
  if (obfuscation) reasons.push(obfuscation);
  return reasons;
}

function isIpLiteral(host: string): boolean {
  // URL has already turned decimal, octal and hex spellings of IPv4 into dotted quads.
  return host.startsWith('[') || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** A brand a punycode (internationalised) host spells with look-alike letters. */
function imitatedBrand(host: string): string | undefined {
  if (!host.split('.').some((label) => label.startsWith('xn--'))) return undefined;
  const skeleton = toSkeleton(domainToUnicode(host));
  return Object.keys(BRANDS).find((brand) => skeleton.includes(brand) && !isBrandDomain(host, brand));
}

/** A brand named (as a whole word) in the path or host next to credential words in the path, on a host that is not the brand's. */
function credentialPathBrand(url: URL, host: string): string | undefined {
  const path = decodeSafely(url.pathname + url.search).toLowerCase();
  if (!CREDENTIAL_WORDS.test(path)) return undefined;
  const words = new Set([...path.split(/[^a-z0-9]+/), ...host.split(/[.-]/).map(toSkeleton)]);
  return Object.keys(BRANDS).find((brand) => words.has(brand) && !isBrandDomain(host, brand));
}

function obfuscationReason(url: URL, host: string): string | undefined {
  if (url.href.length > MAX_PLAIN_LENGTH) return `The destination address is unusually long (${url.href.length} characters).`;
  if (host.split('.').length > MAX_HOST_LABELS) return 'The destination host has an unusual number of subdomains.';
  // Percent-encoding letters or digits hides nothing a browser needs hidden: only readers.
  const encodedPlain = (url.pathname + url.search).match(/%(3[0-9]|[46][1-9a-f]|[57][0-9a])/gi);
  if (encodedPlain && encodedPlain.length >= 5) return 'The destination address hides ordinary letters behind percent-encoding.';
  return undefined;
}

function isBrandDomain(host: string, brand: string): boolean {
  return hostAndParents(host).some((h) => BRANDS[brand].includes(h));
}

/** Folds look-alike letters to the Latin ones they imitate, and drops accents and separators. */
function toSkeleton(s: string): string {
  let out = '';
  for (const ch of s.normalize('NFKD')) {
    if (/\p{M}/u.test(ch)) continue;
    out += CONFUSABLES[ch] ?? ch;
  }
  return out.toLowerCase().replace(/[-_.]/g, '');
}

const CONFUSABLES: Record<string, string> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  ı: 'i',
  ο: 'o',
  α: 'a',
  ν: 'v',
  τ: 't',
  κ: 'k',
  ρ: 'p',
  ε: 'e',
  ι: 'i',
  '0': 'o',
  '1': 'l',
  А: 'a',
  В: 'b',
  Е: 'e',
  К: 'k',
  М: 'm',
  Н: 'h',
  О: 'o',
  Р: 'p',
  С: 'c',
  Т: 't',
  Х: 'x',
};

function decodeSafely(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
