'use client';
// A link's old codes on its page ("Also reached by"): each still redirects here, and "Free" gives it
// up for reuse (it stops working at once).
import { useState } from 'react';
import type { PreviousCodeJson } from '@/lib/links/previous-codes-json';
import { apiJson } from './api-client';
import { useToast } from './toasts';

export function LinkPreviousCodes({ linkId, codes }: { linkId: number; codes: PreviousCodeJson[] }) {
  const [kept, setKept] = useState(codes);
  const toast = useToast();
  const shown = (p: PreviousCodeJson) => p.short_url.replace(/^https?:\/\//, '');

  async function free(p: PreviousCodeJson) {
    try {
      await apiJson(`/api/v1/links/${linkId}/previous-codes/${encodeURIComponent(p.code)}`, { method: 'DELETE' });
      setKept((all) => all.filter((c) => c.code !== p.code));
      toast.show(`Freed ${shown(p)}: it no longer redirects here.`);
    } catch (e) {
      toast.show(`Could not free ${shown(p)}: ${(e as Error).message}`, { kind: 'error' });
    }
  }

  if (kept.length === 0) return null;
  return (
    <>
      <dt>Also reached by</dt>
      <dd>
        <ul className="previous-codes" data-testid="previous-codes">
          {kept.map((p) => (
            <li key={p.code}>
              <a href={p.short_url} title="The code before a rename; it still redirects here">
                {shown(p)}
              </a>
              <button type="button" className="secondary small" onClick={() => void free(p)} aria-label={`Free ${shown(p)} for reuse`}>
                Free
              </button>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
