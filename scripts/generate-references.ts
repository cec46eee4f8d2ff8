// `npm run docs:references`: writes the references generated from the code (scripts/references/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCES } from './references/references';

const root = fileURLToPath(new URL('..', import.meta.url));
for (const { path, render } of REFERENCES) {
  const file = join(root, path);
  const text = render();
  const old = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  })();
  if (old === text) {
    console.log(`unchanged  ${path}`);
    continue;
  }
  writeFileSync(file, text);
  console.log(`${old === undefined ? 'written  ' : 'updated  '}  ${path}`);
}
