import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { LinksManager } from '@/components/links-manager';
import { getAuth } from '@/lib/auth/auth';
import { currentDomains } from '@/lib/domains/current-domains';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Links — Sling' };

export default async function LinksPage() {
  const session = await (await getAuth()).api.getSession({ headers: await headers() });
  if (!session) redirect('/login');
  // Custom domains are not offered yet: every link goes on the default domain (as /api.php?action=domains says).
  const { defaultDomain } = await currentDomains();
  return (
    <main>
      <div className="card wide links-card">
        <LinksManager domains={[{ id: defaultDomain.id, hostname: defaultDomain.hostname }]} />
      </div>
    </main>
  );
}
