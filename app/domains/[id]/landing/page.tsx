import { notFound } from 'next/navigation';
import { requireActor } from '@/app/_lib/require-actor';
import { LandingEditor } from '@/components/landing-editor';
import '../../../landing-editor.css';
import { AppError, can, database, findCertificate, getDomainOrThrow, getLandingPage, starterLanding } from '@/app/_lib/sling';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Landing page — Sling' };

const STATUS_LABEL: Record<string, string> = {
  verified: 'Verified',
  pending: 'Waiting for DNS',
  misconfigured: 'DNS records missing',
  expired: 'Claim expired',
};

function orNull<T>(err: unknown): T | null {
  if (err instanceof AppError && err.code === 'not_found') return null;
  throw err;
}

// /domains/{id}/landing: the landing-page editor of one custom domain (owners and admins). Another
// workspace's domain is simply not found.
export default async function LandingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { actor } = await requireActor(`/domains/${encodeURIComponent(id)}/landing`);
  const handle = await database();
  const domain = await getDomainOrThrow(handle, actor, id).catch(orNull<Awaited<ReturnType<typeof getDomainOrThrow>>>);
  if (!domain) notFound();
  const allowed = can(actor, 'domains.write');
  const [landing, certificate] = allowed ? await Promise.all([getLandingPage(handle, actor, id), findCertificate(handle.db, domain.id)]) : [null, null];
  const saved = landing?.page.updatedAt != null;
  return (
    <main className="landing-main">
      <div className="landing-page stack">
        <nav aria-label="Breadcrumb" className="small">
          <a href="/domains">← Domains</a>
        </nav>
        <header className="page-head">
          <div>
            <h1>Landing page</h1>
            <p className="muted landing-sub">
              <span className="mono">{domain.hostname}</span>
              <span className={`badge status-${domain.status}`}>{STATUS_LABEL[domain.status] ?? domain.status}</span>
            </p>
          </div>
        </header>
        {allowed && landing ? (
          <LandingEditor
            domain={{
              id: domain.id,
              hostname: domain.hostname,
              status: domain.status,
              hasCertificate: certificate?.status === 'issued',
              rootBehavior: domain.rootBehavior,
              rootRedirectUrl: domain.rootRedirectUrl,
            }}
            initial={saved ? { html: landing.page.html, css: landing.page.css, js: landing.page.js } : starterLanding(domain.hostname)}
            saved={saved}
          />
        ) : (
          <div className="settings-section stack" data-testid="needs-admin">
            <p>Only the owner and admins of {actor.workspace.name} edit the landing pages of its domains. Ask one of them for a change.</p>
          </div>
        )}
      </div>
    </main>
  );
}
