'use client';
// The OpenAPI document rendered by Scalar, bundled with the app and loaded with the /docs page only.
// The document is read here (not by Scalar) so the auth scheme to preselect can be chosen from it.
import '@scalar/api-reference/style.css';
import { useEffect, useRef, useState } from 'react';
import { referenceConfiguration } from '@/lib/openapi/reference-configuration';

export function ApiReference({ signedIn }: { signedIn: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let app: { destroy(): void } | undefined;
    let cancelled = false;
    (async () => {
      const [res, { createApiReference }] = await Promise.all([fetch('/api/v1/openapi.json'), import('@scalar/api-reference')]);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const document = await res.json();
      if (cancelled || !host.current) return;
      app = createApiReference(host.current, referenceConfiguration(document, { signedIn, origin: window.location.origin }));
    })().catch(() => setProblem('The API document could not be loaded. Reload the page to try again.'));
    return () => {
      cancelled = true;
      app?.destroy();
    };
  }, [signedIn]);

  return (
    <section className="api-reference" aria-label="Endpoints">
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
      <div ref={host} />
    </section>
  );
}
