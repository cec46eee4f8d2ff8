import { requireActor } from '@/app/_lib/require-actor';
import { LinksManager } from '@/components/links-manager';
import { currentDomains } from '@/lib/domains/current-domains';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Links — Sling' };

export default async function LinksPage() {
  const { actor } = await requireActor('/links');
  // Custom domains are not offered yet: every link goes on the default domain (as /api.php?action=domains says).
  const { defaultDomain } = await currentDomains();
  return (
    <main>
      <div className="card wide links-card">
        <LinksManager
          domains={[{ id: defaultDomain.id, hostname: defaultDomain.hostname }]}
          viewer={{ userId: actor.userId, role: actor.role }}
          workspaceName={actor.workspace.kind === 'team' ? actor.workspace.name : null}
        />
      </div>
    </main>
  );
}
