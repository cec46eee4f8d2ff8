// Bundles server.ts and the CLI into dist/sling.mjs; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['cli/sling.ts'],
  outfile: 'dist/sling.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
