import { notFound } from 'next/navigation';
import { AnalyticsViews } from '@/components/analytics-views';
import { LinkAnalytics } from '@/components/link-analytics';
import { LinkEventHistory } from '@/components/link-event-history';
import { LinkHeader } from '@/components/link-header';
import { LinkEditButton } from '@/components/link-edit-button';
import { requireActor } from '@/app/_lib/require-actor';
import { AppError, currentAppContext, getLinkOrThrow, listDomains, previousCodesJson, serializeLink } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Link analytics — Sling' };

// /links/{id}: one link's header, analytics and history. A link outside the workspace is simply not found.
export default async function LinkDetailPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // Signed out: sign in, then come back to this link.
  const { actor } = await requireActor(`/links/${encodeURIComponent(id)}`);
  const ctx = await currentAppContext();
  const row = await getLinkOrThrow({ actor, ctx, access: 'read' }, id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (!row) notFound();
  const link = { ...serializeLink(row, ctx.domains), previous_codes: await previousCodesJson(ctx, row) };
  // Edit only for who may write it: the same scoped query the API's save runs.
  const writable = await getLinkOrThrow({ actor, ctx, access: 'write' }, id).then(
    () => true,
    () => false,
  );
  const domains = writable ? (await listDomains(ctx.handle, actor)).filter((d) => d.status === 'verified') : [];
  const preferred = ctx.domains.defaultFor(actor.workspaceId).id;
  const options = domains.map((d) => ({ id: d.id, hostname: d.hostname, prefix: ctx.domains.shortUrl(d, ''), default: d.id === preferred }));
  return (
    <main>
      <div className="card wide link-detail stack">
        <nav aria-label="Breadcrumb" className="small">
          <a href="/links">← All links</a>
        </nav>
        <LinkHeader link={link} actions={writable ? <LinkEditButton link={link} domains={options} /> : null} />
        <AnalyticsViews
          liveQuery={`link_id=${link.id}`}
          showLink={false}
          overview={
            <LinkAnalytics
              linkId={link.id}
              shortUrl={link.short_url}
              everClicked={link.clicks > 0}
              ruleNames={Object.fromEntries(link.rules.map((r, i) => [r.id, r.name || `Rule ${i + 1}`]))}
              winner={link.ab_test?.winner}
            />
          }
        />
        <LinkEventHistory linkId={link.id} />
      </div>
    </main>
  );
}
