// `sling users set-plan` must name the plan: without --plan it is a usage error that changes
// nothing (it used to set Free, a silent downgrade). `sling users create` refuses a short password
// and a taken address. The CLI in the test process, on PGlite (the `sling` process itself, its stdin
// and its one-line errors, is cli.test.ts's subject).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openCliInProcess, type InProcessCli } from '../../helpers/cli-in-process';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';

describe('sling users set-plan', () => {
  let tdb: TestDatabase;
  let cli: InProcessCli;
  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    cli = await openCliInProcess({ ...tdb.env, BASE_URL: 'https://sl.ing' });
    const made = await cli.run(['users', 'create', '--email', 'plan@example.com', '--password-stdin', '--plan', 'business'], 'correct horse 1\n');
    expect(made.code, made.stderr).toBe(0);
  });
  afterAll(async () => {
    await cli?.close();
    await tdb?.drop();
  });

  test('users create: a short password and an address taken in another case are refused in one line', async () => {
    const short = await cli.run(['users', 'create', '--email', 'short@example.com', '--password-stdin'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('Error (invalid_request): The password must be at least 8 characters.');
    const again = await cli.run(['users', 'create', '--email', 'PLAN@example.com', '--password-stdin'], 'correct horse 3\n');
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('Error (invalid_request): An account with the email PLAN@example.com already exists.');
  });

  test('without --plan: exit 2, the plans named, and the plan kept', async () => {
    const bare = await cli.run(['users', 'set-plan', '--email', 'plan@example.com']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/--plan is required: one of free, pro, business, enterprise/);
    await cli.close();
    const ctx = await openTestContext(tdb);
    try {
      const [row] = await ctx.handle.query<{ plan: string }>(
        `SELECT w.plan FROM workspaces w JOIN users u ON u.id = w.personal_owner_id WHERE u.email = 'plan@example.com'`,
      );
      expect(row.plan).toBe('business');
    } finally {
      await ctx.handle.close();
    }
  });
});
