// Which certificates the job orders, and what a refused order leaves behind, on PGlite and
// PostgreSQL: a CA that cannot be reached stands in for one that refuses (the full order against
// pebble is certificates-http.test.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { certificates, domains } from '../../../db/schema';
import { issueDueCertificates } from '../../../lib/acme/issue-due-certificates';
import { suiteDatabase, TEST_SECRET, type TestDatabase } from '../../helpers/databases';
import { openTestContext } from '../../helpers/open-test-handle';
import { freePort } from '../../helpers/sling-process';
import { makeUser } from '../../helpers/workspace-fixtures';

describe(`certificate job on ${suiteDatabase.name}`, () => {
  const makeDb = suiteDatabase.migrated;
  let tdb: TestDatabase;
  let ctx: Awaited<ReturnType<typeof openTestContext>>;
  let directoryUrl: string;

  beforeAll(async () => {
    tdb = await makeDb();
    ctx = await openTestContext(tdb);
    directoryUrl = `https://127.0.0.1:${await freePort()}/dir`; // nothing listens there
  });
  afterAll(async () => {
    await ctx?.handle.close();
    await tdb?.drop();
  });

  test("pending domains are skipped; a failed order keeps the CA's reason and waits; a valid certificate near expiry is renewed and keeps serving when renewal fails", async () => {
    const db = ctx.handle.db;
    const { workspaceId } = await makeUser(db, 'cert-user', 'pro');
    const [pending] = await db.insert(domains).values({ hostname: 'pending.cert.test', workspaceId, verificationToken: 'p' }).returning();
    const [fresh] = await db.insert(domains).values({ hostname: 'fresh.cert.test', workspaceId, status: 'verified', verificationToken: 'f' }).returning();
    const [expiring] = await db.insert(domains).values({ hostname: 'old.cert.test', workspaceId, status: 'verified', verificationToken: 'o' }).returning();
    const [healthy] = await db.insert(domains).values({ hostname: 'ok.cert.test', workspaceId, status: 'verified', verificationToken: 'k' }).returning();
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
    await db.insert(certificates).values([
      { domainId: expiring.id, status: 'issued', certPem: 'PEM', keySealed: 'sealed', expiresAt: days(10), issuedAt: days(-80) },
      { domainId: healthy.id, status: 'issued', certPem: 'PEM', keySealed: 'sealed', expiresAt: days(60), issuedAt: days(-30) },
    ]);
    const settings = { directoryUrl, secretKey: TEST_SECRET, networkRetries: 0 };

    expect(await issueDueCertificates(db, settings, now)).toEqual({ issued: 0, failed: 2 });
    const rows = new Map((await db.select().from(certificates)).map((c) => [c.domainId, c]));
    expect(rows.has(pending.id)).toBe(false);
    expect(rows.get(fresh.id)).toMatchObject({
      status: 'failed',
      failures: 1,
      lastError: `The certificate authority at ${directoryUrl} could not be reached: the connection was refused (nothing listens at that address and port).`,
      nextAttemptAt: new Date(now.getTime() + 600_000),
    });
    expect(rows.get(expiring.id)).toMatchObject({ status: 'issued', certPem: 'PEM', failures: 1, lastError: expect.any(String) });
    expect(rows.get(healthy.id)).toMatchObject({ status: 'issued', failures: 0, lastError: null });

    // Not again before the wait is over; then once more, waiting twice as long.
    expect(await issueDueCertificates(db, settings, new Date(now.getTime() + 300_000))).toEqual({ issued: 0, failed: 0 });
    expect(await issueDueCertificates(db, settings, new Date(now.getTime() + 601_000))).toEqual({ issued: 0, failed: 2 });
    const [again] = await db.select().from(certificates).where(eq(certificates.domainId, fresh.id));
    expect(again).toMatchObject({ failures: 2, nextAttemptAt: new Date(now.getTime() + 601_000 + 1_200_000) });
  });
});
