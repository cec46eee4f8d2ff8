// A browser's part in SAML sign-in, done with fetch for integration tests: cookies carried by hand,
// the IdP's pages read for their hidden fields, and the auto-posting form posted.
export class CookieJar {
  private jar = new Map<string, string>();
  take(res: Response): Response {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const value = pair.slice(i + 1);
      if (value === '' || /max-age=0/i.test(c)) this.jar.delete(pair.slice(0, i));
      else this.jar.set(pair.slice(0, i), value);
    }
    return res;
  }
  header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export const hiddenField = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&') ?? null;

/** Posts a SAMLResponse to an ACS as the IdP's auto-submitting form would; redirects are not followed. */
export function postToAcs(acsUrl: string, fields: { SAMLResponse: string; RelayState?: string }, jar?: CookieJar): Promise<Response> {
  const body = new URLSearchParams({ SAMLResponse: fields.SAMLResponse, ...(fields.RelayState ? { RelayState: fields.RelayState } : {}) });
  // A cross-site form post: the IdP's page is the origin.
  return fetch(acsUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', ...(jar ? { cookie: jar.header() } : {}) },
    body,
  }).then((r) => (jar ? jar.take(r) : r));
}

/** The signed-in user of a cookie jar, or null. */
export async function sessionOf(baseUrl: string, jar: CookieJar): Promise<{ user: { email: string; name: string } } | null> {
  return (await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie: jar.header() } })).json();
}

/** Replaces text inside the signed XML of a response (the signature no longer matches). */
export function tamper(samlResponse: string, from: string | RegExp, to: string): string {
  return Buffer.from(Buffer.from(samlResponse, 'base64').toString('utf8').replace(from, to)).toString('base64');
}
