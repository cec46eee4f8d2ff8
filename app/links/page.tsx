import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { LinksList } from '@/components/links-list';
import { getAuth } from '@/lib/auth/auth';
import { database } from '@/lib/db/database';
import { currentDomains } from '@/lib/domains/current-domains';
import { findLinks } from '@/lib/links/find-links';
import { serializeLink } from '@/lib/links/serialize-link';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Links — Sling' };

export default async function LinksPage() {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect('/login');
  const [{ links, total }, domains] = await Promise.all([
    findLinks((await database()).db, { userId: session.user.id, limit: 100, offset: 0 }),
    currentDomains(),
  ]);
  const items = links.map((l) => {
    const json = serializeLink(l, domains);
    return { id: json.id, short_url: json.short_url, long_url: json.long_url, status: json.status, clicks: json.clicks };
  });
  return (
    <main>
      <div className="card wide stack">
        <div className="row between">
          <h1>Links</h1>
          <a href="/settings">Settings</a>
        </div>
        <p className="muted">{total === 1 ? '1 link' : `${total.toLocaleString()} links`}{total > 100 ? ' (the newest 100)' : ''}</p>
        <LinksList links={items} />
      </div>
    </main>
  );
}
