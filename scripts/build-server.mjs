// Bundles server.ts and the CLI into dist/sling.mjs, and the CPU pool's worker thread into
// dist/cpu-worker.mjs next to it (lib/runtime/cpu-pool.ts looks for it there); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { sling: 'cli/sling.ts', 'cpu-worker': 'lib/runtime/cpu-worker.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
