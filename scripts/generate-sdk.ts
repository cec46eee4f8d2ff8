// `npm run sdk:generate`: writes the generated part of @sling/sdk (scripts/sdk/render-sdk.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderSdk } from './sdk/render-sdk';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const [path, text] of Object.entries(await renderSdk())) {
  const file = join(root, path);
  let old: string | undefined;
  try {
    old = readFileSync(file, 'utf8');
  } catch {
    old = undefined;
  }
  if (old === text) {
    console.log(`unchanged  ${path}`);
    continue;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  console.log(`${old === undefined ? 'written  ' : 'updated  '}  ${path}`);
}
