// Bundles server.ts and the CLI into dist/sling.mjs, and the CPU pool's and the click writer's worker
// threads into dist/cpu-worker.mjs and dist/click-writer-worker.mjs next to it (lib/server/cpu-pool.ts
// and lib/edge/click-writer-thread.ts look for them there); npm packages stay external.
// dist/pages-lib.mjs is what the dashboard's pages take from lib/ (packages/pages-lib): built with the
// server, its modules are the server's own chunks, one instance each in the process
// (docs/architecture/overview.md, "One module graph").
// Split into chunks: a module the server imports with import() is a chunk of its own, so the npm
// packages it needs load when it runs, not at start (bundled in one file, every package import is
// hoisted to the top and loaded at start; docs/performance/2026-11-26-performance-round-2.md, "Idle memory").
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// The line scripts/ensure-build.mjs shows as this phase of a first start.
console.log('Bundling the server, the CLI and their worker threads (esbuild)…');

// Chunks sit next to the entries (cpu-pool.ts finds cpu-worker.mjs beside its own module); a
// rebuild's chunks have new names, so the old ones go first.
for (const f of existsSync('dist') ? readdirSync('dist', { withFileTypes: true }) : []) {
  if (f.isFile() && f.name.startsWith('chunk-')) rmSync(`dist/${f.name}`);
}

await build({
  entryPoints: {
    sling: 'cli/sling.ts',
    'cpu-worker': 'lib/server/cpu-worker.ts',
    'click-writer-worker': 'lib/edge/click-writer-worker.ts',
    'pages-lib': 'packages/pages-lib/index.ts',
  },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // The SDK is a workspace package: bundled from its source, not taken from its built dist/.
  alias: { '@sling/sdk': './packages/sdk/src/index.ts' },
  sourcemap: true,
  logLevel: 'warning',
});
