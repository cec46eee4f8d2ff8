'use client';
// The OpenAPI document rendered by Scalar's own browser bundle (window.Scalar), which the /docs page
// loads with a <script> of its own (served by Sling; Next does not bundle Scalar). The document is
// read here (not by Scalar) so the auth scheme to preselect can be chosen from it.
import { useEffect, useRef, useState } from 'react';
import { referenceConfiguration } from '@/lib/openapi/reference-configuration';

interface ScalarGlobal {
  createApiReference(element: HTMLElement, configuration: object): { destroy(): void };
}

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

/** window.Scalar once the page's <script src={bundle}> has run. */
function scalarLoaded(bundle: string): Promise<ScalarGlobal> {
  if (window.Scalar) return Promise.resolve(window.Scalar);
  let script = [...document.scripts].find((s) => s.getAttribute('src') === bundle);
  if (!script) {
    // A client-side navigation can mount this before React has added the page's script.
    script = document.createElement('script');
    script.src = bundle;
    script.async = true;
    document.head.append(script);
  }
  const loading = script;
  return new Promise((resolve, reject) => {
    loading.addEventListener('load', () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('Scalar did not load'))), { once: true });
    loading.addEventListener('error', () => reject(new Error('Scalar did not load')), { once: true });
  });
}

export function ApiReference({ signedIn, bundle }: { signedIn: boolean; bundle: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let app: { destroy(): void } | undefined;
    let cancelled = false;
    (async () => {
      const [res, scalar] = await Promise.all([fetch('/api/v1/openapi.json'), scalarLoaded(bundle)]);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const document = await res.json();
      if (cancelled || !host.current) return;
      app = scalar.createApiReference(host.current, referenceConfiguration(document, { signedIn, origin: window.location.origin }));
    })().catch(() => setProblem('The API reference could not be loaded. Reload the page to try again.'));
    return () => {
      cancelled = true;
      app?.destroy();
    };
  }, [signedIn, bundle]);

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
