import { redirect } from 'next/navigation';
import { Shortener } from '@/components/shortener';
import { currentViewer } from './_lib/current-viewer';

const FEATURES = [
  ['Fast redirects', 'Answered straight from memory, before the app is even involved.'],
  ['Every click counted', 'Clicks are buffered and stored in batches — none lost on restart.'],
  ['Self-hosted', 'One command to run, embedded database, PostgreSQL and Redis when you grow.'],
] as const;

// The public shortener. Signed in, links belong in a workspace, so the home page is the links page.
export default async function HomePage() {
  if (await currentViewer()) redirect('/links');
  return (
    <main>
      <section className="hero">
        <span className="eyebrow">Open source · self-hosted</span>
        <h1>
          Short links, <span>fast.</span>
        </h1>
        <p>Paste a long URL and get a short one — with a QR code — you can share anywhere. No account needed.</p>
      </section>
      <div className="card home-card">
        <Shortener />
      </div>
      <section className="features" aria-label="Features">
        {FEATURES.map(([title, text]) => (
          <div key={title}>
            <h2>{title}</h2>
            <p>{text}</p>
          </div>
        ))}
      </section>
      <p className="muted home-cta">
        Want your own aliases, analytics and an API? <a href="/signup">Create a free account</a>.
      </p>
    </main>
  );
}
