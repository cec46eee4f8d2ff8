// One copy of each lib/ module in the process (docs/architecture/overview.md, "One module graph"): the
// built Next output holds none of lib/'s stateful modules, and a page sees at once what the API changed
// in memory. With a second copy, the admin page would keep its own settings cache (CACHE_MS, 5 s) and
// show sign-ups still open right after the API closed them. A built server process (its Next output
// and the API in one process are the subject); the API is called through the typed client over HTTP.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUpAndIn } from '../../helpers/accounts';
import { apiClient, overHttp } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { startSling, type SlingProcess } from '../../helpers/sling-process';

/** Pure helpers that client components (and two server components) import: tables and functions, no module state. */
const COMPILED_BY_NEXT = [
  'lib/audit/audit-actions.ts',
  'lib/auth/social-error-message.ts',
  'lib/events/event-types.ts',
  'lib/landing/assemble-landing.ts',
  'lib/landing/landing-size.ts',
  'lib/links/utm.ts',
  'lib/links/with-scheme.ts',
  'lib/openapi/reference-configuration.ts',
  'lib/tags/tag-colors.ts',
  'lib/tenancy/permissions.ts',
  'lib/webhooks/channel-kinds.ts',
  'lib/webhooks/event-labels.ts',
  'lib/webhooks/event-types.ts',
];

/** The lib/ and db/ files Next compiled into its server output, from the output's source maps. */
function compiledByNext(): string[] {
  const found = new Set<string>();
  for (const f of readdirSync('.next/server', { withFileTypes: true, recursive: true })) {
    if (!f.isFile() || !f.name.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(join(f.parentPath, f.name), 'utf8')) as { sources?: string[]; sections?: Array<{ map: { sources?: string[] } }> };
    for (const source of [...(map.sources ?? []), ...(map.sections ?? []).flatMap((s) => s.map.sources ?? [])]) {
      const m = /(?:^|\/)((?:lib|db)\/[^?]+\.tsx?)$/.exec(source);
      if (m && !source.includes('node_modules')) found.add(m[1]);
    }
  }
  return [...found].sort();
}

test("Next's server output holds only lib/'s pure helpers; everything else is the server's own build", () => {
  expect(compiledByNext()).toEqual(COMPILED_BY_NEXT);
});

describe('a page and the API share one instance', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let cookie: string;

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startSling(tdb.env);
    // The instance's first account is its admin.
    cookie = await signUpAndIn(sling.url, 'ada@example.com', 'Ada');
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  /** The sign-up mode the admin settings page was rendered with (its form's props). */
  async function pageSignups(): Promise<string> {
    const res = await fetch(`${sling.url}/admin/settings`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return /"signups":"(\w+)"/.exec((await res.text()).replaceAll('\\', ''))![1];
  }

  test('PATCH /api/v1/admin/settings: the settings page shows the change at once', async () => {
    expect(await pageSignups()).toBe('open');
    // (With a cookie the client sends the app's own Origin on a PATCH, as the dashboard does.)
    const res = await apiClient(overHttp(sling.url), { cookie }).call('adminUpdateSettings', { body: { signups: 'closed' } });
    expect(res.status).toBe(200);
    expect(await pageSignups()).toBe('closed');
  });
});
