import { ApiQuickStart } from '@/components/api-quick-start';
import { ApiReference } from '@/components/api-reference';
import { loadConfig } from '@/lib/config/load-config';
import { currentViewer } from '../_lib/current-viewer';
import '../docs.css';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'API reference — Sling' };

// /docs: the REST API v1 reference, signed in or not: a quick start, then the OpenAPI document
// rendered by Scalar (bundled; nothing is loaded from another origin).
export default async function DocsPage() {
  const viewer = await currentViewer();
  return (
    <main className="docs">
      <header className="docs-intro">
        <h1>API reference</h1>
        <p className="muted">
          The REST API v1 lets scripts and other apps create short links, list them and read their statistics. Send an API token as{' '}
          <code>Authorization: Bearer …</code>; in this browser, while you are signed in, your session works too.
        </p>
      </header>
      <ApiQuickStart baseUrl={loadConfig().BASE_URL} signedIn={viewer !== null} />
      <ApiReference signedIn={viewer !== null} />
    </main>
  );
}
