import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { LinkAnalytics } from '@/components/link-analytics';
import { LinkEventHistory } from '@/components/link-event-history';
import { LinkHeader } from '@/components/link-header';
import { getAuth } from '@/lib/auth/auth';
import { AppError } from '@/lib/http/errors';
import { currentLinkContext } from '@/lib/links/current-link-context';
import { getOwnedLinkById } from '@/lib/links/get-owned-link';
import { serializeLink } from '@/lib/links/serialize-link';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Link analytics — Sling' };

// /links/{id}: one link's header, analytics and history. Someone else's link is simply not found.
export default async function LinkDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect('/login');
  const ctx = await currentLinkContext();
  const row = await getOwnedLinkById(ctx, session.user.id, (await params).id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (!row) notFound();
  const link = serializeLink(row, ctx.domains);
  return (
    <main>
      <div className="card wide link-detail stack">
        <nav aria-label="Breadcrumb" className="small">
          <a href="/links">← All links</a>
        </nav>
        <LinkHeader link={link} />
        <LinkAnalytics linkId={link.id} shortUrl={link.short_url} everClicked={link.clicks > 0} />
        <LinkEventHistory linkId={link.id} />
      </div>
    </main>
  );
}
