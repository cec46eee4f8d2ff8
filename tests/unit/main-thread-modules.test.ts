// The redirect edge's thread never enriches clicks: what server.ts loads at start (its static import
// graph) holds neither the GeoIP reader nor the click enricher; they load in the click writer's
// thread, so the GeoIP files and user-agent parsing never take the main thread's time or heap.
// (link-pages.ts imports them lazily for its fallback, used only where no click buffer runs.)
import { build, type Metafile } from 'esbuild';
import { expect, test } from 'vitest';

async function staticGraph(entry: string): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outdir: '/tmp/unused',
  });
  const inputs: Metafile['inputs'] = metafile.inputs;
  const seen = new Set<string>([entry]);
  for (const file of seen) {
    for (const i of inputs[file]?.imports ?? []) if (i.kind === 'import-statement' && !i.external) seen.add(i.path);
  }
  return seen;
}

const ENRICHMENT = ['lib/analytics/geoip.ts', 'lib/analytics/enrich-click.ts', 'lib/analytics/parse-agent.ts'];

test("server.ts loads neither GeoIP nor the click enricher; the click writer's thread does", async () => {
  const server = await staticGraph('server.ts');
  expect(server.has('lib/edge/click-buffer.ts')).toBe(true);
  expect(ENRICHMENT.filter((m) => server.has(m))).toEqual([]);
  const worker = await staticGraph('lib/edge/click-writer-worker.ts');
  expect(ENRICHMENT.filter((m) => worker.has(m))).toEqual(ENRICHMENT);
});
