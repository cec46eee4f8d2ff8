import { requireActor } from '@/app/_lib/require-actor';
import { LinksManager } from '@/components/links-manager';
import type { LinkPrefill } from '@/components/link-form-state';
import { linksViewQuery, parseLinksView } from '@/components/links-query';
import { currentDomains, database, findLinks, findTokens, linkScope, listDomains, tokenScope } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Links — Sling' };

type Query = Promise<Record<string, string | string[] | undefined>>;

export default async function LinksPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const view = parseLinksView(query);
  const { actor } = await requireActor(`/links${linksViewQuery(view)}`);
  const handle = await database();
  const db = handle.db;
  const [registry, domains, mostClicked, tokens] = await Promise.all([
    currentDomains(),
    listDomains(handle, actor),
    // The first-run checklist: any link at all, and whether the most-clicked one has a click.
    findLinks(db, { scope: linkScope(actor, 'read'), sort: 'clicks', order: 'desc', archived: 'include', limit: 1, offset: 0 }),
    findTokens(db, tokenScope(actor)),
  ]);
  const preferred = registry.defaultFor(actor.workspaceId).id;
  // The shared domain and the workspace's verified ones: links may go only on those.
  const usable = domains.filter((d) => d.status === 'verified');
  return (
    <main className="links-main">
      <LinksManager
        domains={usable.map((d) => ({ id: d.id, hostname: d.hostname, prefix: registry.shortUrl(d, ''), default: d.id === preferred }))}
        viewer={{ userId: actor.userId, role: actor.role }}
        workspace={{ id: actor.workspaceId, name: actor.workspace.name, kind: actor.workspace.kind === 'team' ? 'team' : 'personal' }}
        initialView={view}
        startCreating={query.create !== undefined}
        prefill={prefillOf(query)}
        firstRun={{
          hasLink: mostClicked.total > 0,
          hasClick: (mostClicked.links[0]?.clicks ?? 0) > 0,
          hasToken: tokens.length > 0,
          hasDomain: domains.some((d) => !d.isDefault && d.status === 'verified'),
          pendingDomain: domains.find((d) => !d.isDefault && d.status !== 'verified')?.hostname,
        }}
      />
    </main>
  );
}

/** ?create&alias=…&domain=…: a new link for a code that no link has yet (the domains page's orphan visits). */
function prefillOf(query: Awaited<Query>): LinkPrefill | undefined {
  const alias = typeof query.alias === 'string' ? query.alias.slice(0, 50) : '';
  if (query.create === undefined || !alias) return undefined;
  const domain = Number(query.domain);
  return { alias, domainId: Number.isSafeInteger(domain) && domain > 0 ? domain : undefined };
}
