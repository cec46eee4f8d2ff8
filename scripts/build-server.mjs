// Bundles server.ts and the CLI into dist/sling.mjs, and the CPU pool's and the click writer's worker
// threads into dist/cpu-worker.mjs and dist/click-writer-worker.mjs next to it (lib/runtime/cpu-pool.ts
// and lib/edge/click-writer-thread.ts look for them there); npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { sling: 'cli/sling.ts', 'cpu-worker': 'lib/runtime/cpu-worker.ts', 'click-writer-worker': 'lib/edge/click-writer-worker.ts' },
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
