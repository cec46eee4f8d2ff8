import { headers } from 'next/headers';
import { ApiQuickStart } from '@/components/api-quick-start';
import { ApiReference } from '@/components/api-reference';
import { currentViewer } from '../_lib/current-viewer';
import '../docs.css';
import { loadConfig, nonceFromPolicy, scalarBundleUrl } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API reference — Sling' };

// /docs: the REST API v1 reference, signed in or not: a quick start, then the OpenAPI document
// rendered by Scalar (its own browser bundle, served by Sling at /docs/scalar.js; nothing is loaded
// from another origin).
export default async function DocsPage() {
  const viewer = await currentViewer();
  const nonce = nonceFromPolicy((await headers()).get('content-security-policy'));
  const bundle = scalarBundleUrl();
  return (
    <main className="docs">
      <script src={bundle} nonce={nonce} async />
      <header className="docs-intro">
        <h1>API reference</h1>
        <p className="muted">
          The REST API v1 lets scripts and other apps create short links, list them and read their statistics. Send an API token as{' '}
          <code>Authorization: Bearer …</code>; in this browser, while you are signed in, your session works too.
        </p>
      </header>
      <ApiQuickStart baseUrl={loadConfig().BASE_URL} signedIn={viewer !== null} />
      <ApiReference signedIn={viewer !== null} bundle={bundle} />
    </main>
  );
}
