import { requireActor } from '@/app/_lib/require-actor';
import { AnalyticsViews } from '@/components/analytics-views';
import { ClickAnalytics } from '@/components/link-analytics';
import { database, findLinks, findTags, linkScope } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Analytics — Sling' };

// /analytics: every click on every link of the workspace, in the panels a link's page has.
export default async function AnalyticsPage() {
  const { actor } = await requireActor('/analytics');
  const db = (await database()).db;
  const [mostClicked, tags] = await Promise.all([
    findLinks(db, { scope: linkScope(actor, 'read'), sort: 'clicks', order: 'desc', archived: 'include', limit: 1, offset: 0 }),
    findTags(db, linkScope(actor, 'read')),
  ]);
  return (
    <main className="links-main">
      <div className="links-page stack">
        <div className="page-head">
          <div>
            <h1>Analytics</h1>
            <p className="muted links-scope">Every click on every link in {actor.workspace.name}.</p>
          </div>
        </div>
        <div className="card wide analytics-card stack">
          <AnalyticsViews
            overview={
              <ClickAnalytics
                statsPath="/api/v1/analytics"
                exportPath="/api/v1/analytics/export"
                everClicked={(mostClicked.links[0]?.clicks ?? 0) > 0}
                tags={tags.map((t) => t.name)}
                neverClicked={
                  <>
                    <p>
                      <strong>No clicks yet in this workspace.</strong>
                    </p>
                    <p className="muted">Share one of your links; each visit shows up here about a second later. Bots and link previews are not counted.</p>
                    <p>
                      <a href="/links">Go to your links</a>
                    </p>
                  </>
                }
              />
            }
          />
        </div>
      </div>
    </main>
  );
}
