// The layers of docs/architecture/layers.md hold: no folder of lib/ imports a higher layer, no
// folders import each other in a loop, and lib/ never reaches Next, React or app/. The checker is
// shown to fail on an upward import and on a loop, by adding one to a copy of the real tree.
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { importEdges, packageImports, readSources } from '../helpers/import-graph';
import { checkLayers, EXEMPTIONS, LAYERS } from '../helpers/layers';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const sources = readSources(ROOT, ['lib', 'db/schema', 'app', 'components']);
const edges = importEdges(sources);

/** The real tree's imports, plus those of `added` files (path → source). */
function withFiles(added: Record<string, string>) {
  const tree = new Map([...sources, ...Object.entries(added)]);
  return [...edges, ...importEdges(tree, Object.keys(added))];
}

describe('layers', () => {
  test('every folder of lib/ has a layer, none imports upward, and no folders import each other in a loop', () => {
    const report = checkLayers(edges);
    expect(report.unplaced).toEqual([]);
    expect(report.upward).toEqual([]);
    expect(report.cycles).toEqual([]);
  });

  test('an upward import fails: a feature importing the router, the core importing a feature', () => {
    const report = checkLayers(
      withFiles({
        'lib/links/uses-router.ts': "import { API_ROUTES } from '../api/routes';\n",
        'lib/core/uses-links.ts': "import type { LinkRow } from '../../db/schema';\nimport { createLink } from '../links/create-link';\n",
      }),
    );
    expect(report.upward).toEqual([
      'lib/core/uses-links.ts -> db/schema/index.ts (core → data)',
      'lib/core/uses-links.ts -> lib/links/create-link.ts (core → features)',
      'lib/links/uses-router.ts -> lib/api/routes.ts (features → api)',
    ]);
  });

  test('a loop between two features fails, and names the imports that close it', () => {
    // links imports domains already; a domains file importing links closes a loop.
    const report = checkLayers(withFiles({ 'lib/domains/uses-links.ts': "import type { LinkRow } from '../links/serialize-link';\n" }));
    expect(report.upward).toEqual([]);
    expect(report.cycles).toHaveLength(1);
    expect(report.cycles[0].folders).toEqual(expect.arrayContaining(['domains', 'links']));
    expect(report.cycles[0].imports).toContain('lib/domains/uses-links.ts -> lib/links/serialize-link.ts (type)');
  });

  test('a folder without a layer fails', () => {
    expect(checkLayers(withFiles({ 'lib/newthing/a.ts': "import { AppError } from '../core/errors';\n" })).unplaced).toEqual(['newthing']);
  });

  test('lib/ imports neither Next, React nor anything under app/ or components/', () => {
    const framework = packageImports(new Map([...sources].filter(([p]) => p.startsWith('lib/'))))
      .filter(({ pkg }) => pkg === 'next' || pkg === 'react' || pkg === 'react-dom')
      .map(({ from, pkg }) => `${from} -> ${pkg}`);
    expect(framework).toEqual([]);
    const upIntoPages = edges.filter((e) => e.from.startsWith('lib/') && /^(app|components)\//.test(e.to)).map((e) => `${e.from} -> ${e.to}`);
    expect(upIntoPages).toEqual([]);
  });

  test('every exemption names an import that exists, with its reason', () => {
    const present = new Set(edges.map((e) => `${e.from} -> ${e.to}`));
    for (const [edge, reason] of Object.entries(EXEMPTIONS)) {
      expect(present.has(edge), edge).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
    // Every layer's folders exist.
    const folders = new Set([...sources.keys()].filter((p) => p.startsWith('lib/')).map((p) => p.split('/')[1]));
    for (const f of LAYERS.flatMap((l) => l.folders)) if (f !== 'db/schema') expect(folders.has(f), f).toBe(true);
  });
});
