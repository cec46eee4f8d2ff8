// The API's routes and the methods each takes, read from the route files (app/**/route.ts) once at
// start-up. server.ts answers a path under /api or /api.php that no route serves (Next: an HTML page)
// and a method a route does not export (Next: a 405 without a body) in the JSON error shape; the
// fuzz suite uses the same table to reach every route.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface ApiRoute {
  /** The route as written in app/, e.g. /api/v1/links/[id]. */
  path: string;
  methods: ReadonlySet<string>;
  pattern: RegExp;
}

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** True for the paths whose every answer must be JSON. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/api.php' || path.startsWith('/api.php/');
}

/** The route files under appDir/api and appDir/api.php, most specific first (Next's order: static segments win). */
export function readApiRoutes(appDir: string): ApiRoute[] {
  const routes = routeFiles(appDir)
    .map((file) => {
      const path = '/' + relative(appDir, file).split(sep).slice(0, -1).filter((s) => !/^\(.*\)$/.test(s)).join('/');
      return { path, methods: exportedMethods(readFileSync(file, 'utf8')), pattern: patternOf(path) };
    })
    .filter((r) => isApiPath(r.path));
  return routes.sort((a, b) => compareSpecificity(a.path, b.path));
}

export type RouteAnswer = { status: 404 } | { status: 405; allow: string } | null;

/** null when Next should take the request; else the refusal server.ts answers. */
export function routeAnswer(routes: readonly ApiRoute[], method: string, path: string): RouteAnswer {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const route = routes.find((r) => r.pattern.test(trimmed));
  if (!route) return { status: 404 };
  if (method === 'OPTIONS' || route.methods.has(method) || (method === 'HEAD' && route.methods.has('GET'))) return null;
  return { status: 405, allow: allowOf(route) };
}

export function allowOf(route: ApiRoute): string {
  const allow = new Set(route.methods);
  if (allow.has('GET')) allow.add('HEAD');
  allow.add('OPTIONS');
  return HTTP_METHODS.filter((m) => allow.has(m)).join(', ');
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|js)$/.test(entry.name) ? [full] : [];
  });
}

const METHOD = HTTP_METHODS.join('|');

/** `export const GET`, `export async function POST`, `export { handler as GET, PUT }`. */
export function exportedMethods(source: string): Set<string> {
  const found = new Set<string>();
  for (const m of source.matchAll(new RegExp(`export\\s+(?:const|let|var|async\\s+function|function)\\s+(${METHOD})\\b`, 'g'))) found.add(m[1]);
  for (const m of source.matchAll(/export\s*(?:const\s*)?\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/).pop()?.trim();
      if (name && (HTTP_METHODS as readonly string[]).includes(name)) found.add(name);
    }
  }
  return found;
}

function patternOf(path: string): RegExp {
  const body = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (/^\[\[\.\.\..+\]\]$/.test(segment)) return '(?:/.*)?';
      if (/^\[\.\.\..+\]$/.test(segment)) return '/.+';
      if (/^\[.+\]$/.test(segment)) return '/[^/]+';
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}$`);
}

/** Static segments before dynamic ones before catch-alls, position by position. */
function compareSpecificity(a: string, b: string): number {
  const rank = (s: string) => (s.startsWith('[[') ? 3 : s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0);
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.max(as.length, bs.length); i++) {
    if (as[i] === undefined) return -1;
    if (bs[i] === undefined) return 1;
    const d = rank(as[i]) - rank(bs[i]);
    if (d !== 0) return d;
  }
  return 0;
}
