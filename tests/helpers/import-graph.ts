// The imports between source files, read with TypeScript's parser (no type check, no bundling):
// static imports and re-exports, `import()` calls and `import('…')` types, each marked type-only or
// not. Only relative and `@/` specifiers are followed; packages are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

export interface ImportEdge {
  /** Paths relative to the repository root, with their extension. */
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every .ts/.tsx/.mjs file under `dirs` (relative to `root`), as path → source. */
export function readSources(root: string, dirs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = posix.join(dir, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs)$/.test(name) && !name.endsWith('.d.ts')) out.set(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

/** The imports of `sources` (path → text), or of the files `only` names, that name another file of `sources`. */
export function importEdges(sources: Map<string, string>, only?: string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  const target = (from: string, spec: string): string | undefined => {
    if (!spec.startsWith('.') && !spec.startsWith('@/')) return undefined;
    const plain = spec.startsWith('@/') ? spec.slice(2) : posix.resolve('/', posix.dirname(from), spec).slice(1);
    return [plain, `${plain}.ts`, `${plain}.tsx`, `${plain}.mjs`, plain.replace(/\.js$/, '.ts'), `${plain}/index.ts`].find((c) => sources.has(c));
  };
  for (const from of only ?? sources.keys()) {
    const text = sources.get(from)!;
    const file = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, true);
    const add = (spec: string, typeOnly: boolean) => {
      const to = target(from, spec);
      if (to) edges.push({ from, to, typeOnly });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const c = node.importClause;
        const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
        add(node.moduleSpecifier.text, !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly))));
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly);
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        add(node.arguments[0].text, false);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, true);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return edges;
}

/** The package names a file imports (bare specifiers, first segment or scope/name). */
export function packageImports(sources: Map<string, string>): { from: string; pkg: string }[] {
  const out: { from: string; pkg: string }[] = [];
  for (const [from, text] of sources) {
    for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"./@][^'"]*|@[^'"/]+\/[^'"/]+)[^'"]*['"]/g)) {
      out.push({ from, pkg: m[1].startsWith('@') ? m[1] : m[1].split('/')[0] });
    }
  }
  return out;
}
