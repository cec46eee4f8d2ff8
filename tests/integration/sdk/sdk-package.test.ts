// The SDK as a user gets it: `npm pack` (which builds it), the tarball installed into an empty
// project, and the README's example type-checked against the packed types and run against a
// running Sling. One database: the package is the subject, not the server.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { suiteDatabase, tempDir, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const NPM_ENV = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };

const EXAMPLE = `import { Sling, SlingError } from '@sling/sdk';

const sling = new Sling({ baseUrl: process.env.SLING_URL!, token: process.env.SLING_TOKEN });
const link = await sling.createLink({ body: { url: 'https://example.com/from-the-package', tags: ['packed'] } });
const code: string = link.short_code;
try {
  await sling.getLink({ params: { id: 999999 } });
} catch (err) {
  if (!(err instanceof SlingError)) throw err;
  console.log(JSON.stringify({ code, short_url: link.short_url, error: err.code }));
}
`;

describe('npm pack makes a package that installs and runs on its own', () => {
  let tdb: TestDatabase;
  let server: SlingProcess;
  let token: string;
  const project = tempDir('sling-sdk-user-');

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    token = await createUserWithToken(tdb.env, 'packed@example.com');
    server = await startSling(tdb.env);
  });
  afterAll(async () => {
    await server?.stop();
    await tdb?.drop();
    rmSync(project, { recursive: true, force: true });
  });

  test('packed, installed offline into an empty project, the README-style example type-checks and runs', async () => {
    const packed = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: join(ROOT, 'packages/sdk'), env: NPM_ENV });
    const [{ filename, files }] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'README.md', 'package.json']));
    expect(paths.filter((p) => p.startsWith('src/'))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'packages/sdk/package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();

    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'sdk-user', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-package-lock', join(project, filename)], { cwd: project, env: NPM_ENV });
    writeFileSync(join(project, 'example.ts'), EXAMPLE);
    // The packed types, as a user's TypeScript sees them (NodeNext resolution, no access to the repository's sources).
    await run(
      process.execPath,
      [
        join(ROOT, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--types',
        'node',
        '--typeRoots',
        join(ROOT, 'node_modules/@types'),
        'example.ts',
      ],
      { cwd: project },
    );
    // Run as JavaScript: the same example without its two type annotations.
    writeFileSync(join(project, 'example.mjs'), EXAMPLE.replace('process.env.SLING_URL!', 'process.env.SLING_URL').replace('const code: string', 'const code'));
    const { stdout } = await run(process.execPath, ['example.mjs'], { cwd: project, env: { ...process.env, SLING_URL: server.url, SLING_TOKEN: token } });
    const out = JSON.parse(stdout) as { code: string; short_url: string; error: string };
    expect(out.error).toBe('not_found');
    expect(out.short_url).toBe(`${server.url}/${out.code}`);
    expect((await fetch(out.short_url, { redirect: 'manual' })).headers.get('location')).toBe('https://example.com/from-the-package');
  });
});
