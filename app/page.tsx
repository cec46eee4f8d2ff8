import { Shortener } from '@/components/shortener';

export default function HomePage() {
  return (
    <main>
      <section className="hero">
        <h1>Short links, fast.</h1>
        <p>Paste a long URL and get a short one you can share anywhere. No account needed.</p>
      </section>
      <div className="card">
        <Shortener />
      </div>
      <section className="features" aria-label="Features">
        <div>
          <h2>Fast redirects</h2>
          <p>Answered straight from memory, before the app is even involved.</p>
        </div>
        <div>
          <h2>Every click counted</h2>
          <p>Clicks are buffered and stored in batches — none lost on restart.</p>
        </div>
        <div>
          <h2>Self-hosted</h2>
          <p>One command to run, embedded database, PostgreSQL and Redis when you grow.</p>
        </div>
      </section>
    </main>
  );
}
