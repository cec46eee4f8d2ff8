// Next serves the dashboard, APIs and link pages; redirects never reach it (see server.ts).
/** @type {import('next').NextConfig} */
const nextConfig = {
  // Database drivers, WASM Postgres and Redis stay real node_modules so route handlers share
  // the process-wide handles that server.ts opened (kept on globalThis).
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'ioredis', 'pino', 'drizzle-orm', 'rate-limiter-flexible', 'satori', '@resvg/resvg-wasm'],
  poweredByHeader: false,
  // Next type-checks the app only; `npm run typecheck` covers tests, CLI and benchmarks too.
  typescript: { tsconfigPath: 'tsconfig.app.json' },
  reactStrictMode: true,
  // Next's production server loads every route's module at start by default; an idle Sling kept
  // ~40 MiB of them. Each route loads on its first request instead (README "Idle memory").
  experimental: { preloadEntriesOnStart: false },
};
export default nextConfig;
