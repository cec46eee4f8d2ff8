// Sling's layers (docs/architecture/layers.md): each folder of lib/ (and db/, the schema) sits on one
// layer and imports only from its own layer or below; and no folders import each other in a loop,
// within a layer or across. Type-only imports count: a type names a dependency as much as a value.
import type { ImportEdge } from './import-graph';

/** Layers, bottom first. A folder of lib/ missing here is a failure of its own ("no layer"). */
export const LAYERS: readonly { name: string; folders: readonly string[] }[] = [
  { name: 'core', folders: ['core'] },
  { name: 'config', folders: ['config'] },
  { name: 'data', folders: ['db', 'db/schema', 'crypto'] },
  { name: 'infrastructure', folders: ['cache', 'mail', 'runtime'] },
  { name: 'shared schemas', folders: ['schemas'] },
  {
    name: 'features',
    folders: [
      'tenancy',
      'instance',
      'images',
      'passwords',
      'context',
      'links',
      'folders',
      'domains',
      'analytics',
      'qr',
      'previews',
      'landing',
      'favicons',
      'tokens',
      'workspaces',
      'auth',
      'sso',
      'scim',
      'admin',
      'audit',
      'webhooks',
      'events',
      'imports',
      'safety',
      'link-safety',
      'link-rules',
      'tags',
      'reports',
      'altcha',
      'acme',
      'ratelimit',
      'edge',
      'orphans',
      'click-partitions',
    ],
  },
  { name: 'api', folders: ['http', 'openapi', 'api', 'docs', 'link-pages', 'mcp'] },
  { name: 'server', folders: ['server', 'tls', 'jobs', 'health'] },
];

/** Imports allowed against the rules, each with its reason ("from -> to", repository paths). */
export const EXEMPTIONS: Readonly<Record<string, string>> = {};

/** The folder a file belongs to: `lib/<folder>/…`, or `db/schema` for the Drizzle schema. */
export function folderOf(path: string): string | undefined {
  const parts = path.split('/');
  if (parts[0] === 'lib' && parts.length > 2) return parts[1];
  if (parts[0] === 'db' && parts[1] === 'schema') return 'db/schema';
  return undefined;
}

export interface LayerReport {
  /** Folders with no layer. */
  unplaced: string[];
  /** Imports from a lower layer to a higher one, as "from -> to (layer → layer)". */
  upward: string[];
  /** Groups of folders that import each other in a loop, each with the imports that close it. */
  cycles: { folders: string[]; imports: string[] }[];
}

export function checkLayers(edges: ImportEdge[], layers = LAYERS, exemptions = EXEMPTIONS): LayerReport {
  const rank = new Map<string, number>();
  layers.forEach((l, i) => l.folders.forEach((f) => rank.set(f, i)));
  const unplaced = new Set<string>();
  const upward: string[] = [];
  const graph = new Map<string, Map<string, string[]>>();
  for (const e of edges) {
    const [a, b] = [folderOf(e.from), folderOf(e.to)];
    if (!a || !b || a === b || exemptions[`${e.from} -> ${e.to}`]) continue;
    for (const f of [a, b]) if (!rank.has(f)) unplaced.add(f);
    const [ra, rb] = [rank.get(a) ?? -1, rank.get(b) ?? -1];
    if (ra >= 0 && rb > ra) upward.push(`${e.from} -> ${e.to} (${layers[ra].name} → ${layers[rb].name})`);
    const out = graph.get(a) ?? graph.set(a, new Map()).get(a)!;
    (out.get(b) ?? out.set(b, []).get(b)!).push(`${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`);
  }
  const cycles = stronglyConnected(graph)
    .filter((c) => c.length > 1)
    .map((folders) => {
      const inside = new Set(folders);
      const imports = folders.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => inside.has(b)).flatMap(([, list]) => list));
      return { folders: folders.sort(), imports };
    });
  return { unplaced: [...unplaced].sort(), upward: upward.sort(), cycles };
}

/** Tarjan's strongly connected components of a folder graph. */
function stronglyConnected(graph: Map<string, Map<string, string[]>>): string[][] {
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return out;
}
