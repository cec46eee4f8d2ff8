import { requireActor } from '@/app/_lib/require-actor';
import { DomainsManager } from '@/components/domains-manager';
import type { DomainView } from '@/components/domains-api';
import '../domains.css';
import { can, countDomainLinks, database, DOMAIN_LIMITS, domainSettings, findCertificate, listDomains, serializeDomain } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Domains — Sling' };

export default async function DomainsPage() {
  const { actor } = await requireActor('/domains');
  const handle = await database();
  const settings = domainSettings();
  const own = (await listDomains(handle, actor)).filter((d) => !d.isDefault);
  // The first paint shows what the client would fetch, so the page never flashes empty.
  const initial: DomainView[] = await Promise.all(
    own.map(async (d) => ({
      ...serializeDomain(d, settings),
      link_count: await countDomainLinks(handle, actor, d.id),
      certificate: await findCertificate(handle.db, d.id),
    })),
  );
  const limit = DOMAIN_LIMITS[actor.workspace.plan];
  return (
    <main className="links-main">
      <DomainsManager
        initial={initial}
        canManage={can(actor, 'domains.write')}
        workspaceName={actor.workspace.name}
        limit={Number.isFinite(limit) ? limit : null}
        linkHost={settings.linkHost}
        certificatesManaged={settings.certificatesManaged === true}
      />
    </main>
  );
}
