// The cookie that keeps an A/B test's visitor on the variant first drawn for them: `sl_v<link id>`
// holding `<variant id>.<signature>`, the signature an HMAC (SECRET_KEY) of link and variant, so a
// visitor cannot pick a variant by writing the cookie. Scoped to the short link's own path: the
// domain's other pages (a custom domain's landing page) never receive it.
import { createHmac } from 'node:crypto';
import { boundedMemo } from '../core/bounded-memo';

const MAX_AGE_S = 30 * 24 * 3600;

export interface VariantCookies {
  /** The variant id the visitor's cookie for this link names, if it is there and signed by us. */
  read(cookieHeader: string | undefined, linkId: number): string | undefined;
  /** The Set-Cookie value sending the visitor to `variantId` on this link from now on; `secure` over HTTPS. */
  make(linkId: number, variantId: string, path: string, secure?: boolean): string;
}

export function variantCookies(secret: string): VariantCookies {
  // The signature per link and variant, made once: HMAC costs a few µs, a redirect well under 100.
  const signed = boundedMemo((key) => {
    const [, variantId] = key.split('\n');
    return `${variantId}.${createHmac('sha256', secret).update(`variant\n${key}`).digest('base64url').slice(0, 16)}`;
  }, 4096);
  return {
    read(header, linkId) {
      if (!header) return undefined;
      const name = `sl_v${linkId}=`;
      for (let at = header.indexOf(name); at !== -1; at = header.indexOf(name, at + 1)) {
        if (at > 0 && header[at - 1] !== ' ' && header[at - 1] !== ';') continue; // the end of another name
        const end = header.indexOf(';', at);
        const value = header.slice(at + name.length, end === -1 ? undefined : end).trim();
        const dot = value.lastIndexOf('.');
        if (dot <= 0) return undefined;
        const variantId = value.slice(0, dot);
        return signed(`${linkId}\n${variantId}`) === value ? variantId : undefined;
      }
      return undefined;
    },
    make(linkId, variantId, path, secure = false) {
      return `sl_v${linkId}=${signed(`${linkId}\n${variantId}`)}; Path=${path}; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    },
  };
}
