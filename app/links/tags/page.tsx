import { requireActor } from '@/app/_lib/require-actor';
import { TagsManager } from '@/components/tags-manager';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Tags — Sling' };

export default async function TagsPage() {
  const { actor } = await requireActor('/links/tags');
  return (
    <main className="links-main">
      <div className="tags-page stack">
        <a className="back" href="/links">
          ← Links
        </a>
        <div className="page-head">
          <div>
            <h1>Tags</h1>
            <p className="muted links-scope">
              The tags of {actor.workspace.name}&rsquo;s links. Rename, recolour, merge or delete them here; each change applies to every link at once.
            </p>
          </div>
        </div>
        <TagsManager ownLinksOnly={actor.workspace.kind === 'team' && actor.role === 'member'} />
      </div>
    </main>
  );
}
