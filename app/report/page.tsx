import { ReportForm } from '@/components/report-form';

export const metadata = { title: 'Report a link — Sling' };

// The public "Report this link" page (/report?url=<short link> from the link pages).
export default async function ReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { url } = await searchParams;
  return (
    <main>
      <div className="card report-card">
        <h1>Report a link</h1>
        <p className="muted report-intro">
          Found a short link that leads to phishing, malware or spam? Tell us and we will review it. Reports are anonymous unless you leave an email.
        </p>
        <ReportForm initialUrl={typeof url === 'string' ? url.slice(0, 2048) : ''} />
      </div>
    </main>
  );
}
