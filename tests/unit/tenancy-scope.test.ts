// Tenancy by construction (docs/architecture/overview.md, "Tenancy"): a workspace's rows are
// selected by the fragments of lib/tenancy/scope.ts, never by a `workspaceId` comparison written
// inline, and the functions that write links take a scope that cannot be left out.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { readSources } from '../helpers/import-graph';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const lib = readSources(ROOT, ['lib']);

describe('workspace scope', () => {
  test('no file but lib/tenancy/scope.ts compares a workspaceId column with a value (joins put the other column first)', () => {
    const inline = [...lib].flatMap(([path, text]) =>
      path === 'lib/tenancy/scope.ts' ? [] : [...text.matchAll(/\beq\(\s*\w+\.workspaceId\s*,/g)].map((m) => `${path}: ${text.slice(m.index, m.index! + 60)}`),
    );
    expect(inline).toEqual([]);
  });

  test('no function in lib/ takes an optional scope: the operator passes OPERATOR_SCOPE', () => {
    const optional = [...lib].flatMap(([path, text]) =>
      [...text.matchAll(/\b\w*[sS]cope\?\s*:/g)].map((m) => `${path}: ${text.slice(m.index, m.index! + 40)}`),
    );
    expect(optional).toEqual([]);
  });

  test('updateLink, deleteLink and deleteLinks take a required scope', () => {
    const signature = (file: string, fn: string) => {
      const text = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
      const start = text.indexOf(`export async function ${fn}(`);
      return text.slice(start, text.indexOf('{', start)).replace(/\s+/g, ' ');
    };
    expect(signature('lib/links/update-link.ts', 'updateLink')).toMatch(/, scope: SQL,? ?\)/);
    // After the scope, only who did it (the audit entry's actor) may follow.
    expect(signature('lib/links/delete-link.ts', 'deleteLink')).toMatch(/, scope: SQL(, by\?: AuditBy)?,? ?\)/);
    expect(signature('lib/links/delete-links.ts', 'deleteLinks')).toMatch(/, scope: SQL(, by\?: AuditBy)?,? ?\)/);
  });
});
