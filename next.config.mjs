// Next serves the dashboard and the link pages; redirects and the API never reach it (see server.ts).
// Its server code takes lib/ from the server's own build at run time (app/_lib/sling.ts), so Next
// compiles only the pure helpers that client components import (docs/architecture/overview.md, "One module graph").
/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Next type-checks the app only; `npm run typecheck` covers tests, CLI and benchmarks too.
  typescript: { tsconfigPath: 'tsconfig.app.json' },
  reactStrictMode: true,
  // Next's production server loads every route's module at start by default; an idle Sling kept
  // ~40 MiB of them. Each route loads on its first request instead (README "Idle memory").
  experimental: { preloadEntriesOnStart: false },
};
export default nextConfig;
