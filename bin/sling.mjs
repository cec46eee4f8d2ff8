#!/usr/bin/env node
// Runs the built CLI (npm run build makes dist/sling.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../dist/sling.mjs', import.meta.url));
if (!existsSync(built)) {
  console.error('Sling is not built yet: run `npm run build` (or `npm start`, which builds when needed).');
  process.exit(1);
}
await import(built);
