import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { PublicStats } from '@/components/public-stats';
import { PublicStatsUnlock } from '@/components/public-stats-unlock';
import { AppError, currentAppContext, findPublicStatsLink, mayReadPublicStats, serializeLink, statsUnlockCookieName } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props) {
  const { code } = await params;
  // Not indexed: the owner shares the address, search engines need not.
  return { title: `Statistics of /${code} — Sling`, robots: { index: false, follow: false } };
}

// /stats/<code>[?domain=<id>]: a link's public statistics (docs/guide/analytics.md, "Public stats
// page"). Off, or no such link: the same 404. With a password: the form, until its cookie is set.
export default async function PublicStatsPage({ params, searchParams }: Props) {
  const { code } = await params;
  const { domain } = await searchParams;
  const domainId = typeof domain === 'string' && /^\d{1,9}$/.test(domain) ? Number(domain) : undefined;
  if (domain !== undefined && domainId === undefined) notFound();
  const ctx = await currentAppContext();
  const row = await findPublicStatsLink(ctx, code, domainId).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  });
  if (!row) notFound();
  const link = serializeLink(row, ctx.domains);
  const query = domainId === undefined ? '' : `?domain=${domainId}`;
  const shown = { code: row.shortCode, shortUrl: link.short_url, destinationHost: new URL(link.long_url).hostname, everClicked: link.clicks > 0 };
  const unlocked = mayReadPublicStats(row, (await cookies()).get(statsUnlockCookieName(row.id))?.value);
  return (
    <main>
      {/* The form alone is a narrow card, as the other public forms (/report); the numbers take the width. */}
      <div className={`card ${unlocked ? 'wide' : 'narrow'} public-stats stack`}>
        {unlocked ? (
          <PublicStats {...shown} statsPath={`/api/v1/public/stats/${encodeURIComponent(row.shortCode)}${query}`} />
        ) : (
          <PublicStatsUnlock shortUrl={link.short_url} unlockPath={`/api/v1/public/stats/${encodeURIComponent(row.shortCode)}/unlock`} domainId={domainId} />
        )}
      </div>
    </main>
  );
}
