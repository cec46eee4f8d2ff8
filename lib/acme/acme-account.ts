// The ACME account Sling uses with a directory: made once, its key sealed under SECRET_KEY, shared by
// every instance through the database, with its URL once the CA has made it (later orders skip
// newAccount: some CAs refuse its repeat, which acme-client turns into an empty account update).
import { eq } from 'drizzle-orm';
import { acmeAccounts } from '../../db/schema';
import { openSecret, sealSecret } from '../crypto/secret-box';
import type { Db } from '../db/types';

const PURPOSE = 'acme-account-key';

/** The account URL the CA gave, or undefined before the first order. */
export async function accountUrl(db: Db, directoryUrl: string): Promise<string | undefined> {
  const [row] = await db.select({ accountUrl: acmeAccounts.accountUrl }).from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl)).limit(1);
  return row?.accountUrl ?? undefined;
}

export async function rememberAccountUrl(db: Db, directoryUrl: string, url: string): Promise<void> {
  await db.update(acmeAccounts).set({ accountUrl: url }).where(eq(acmeAccounts.directoryUrl, directoryUrl));
}

export async function accountKey(db: Db, directoryUrl: string, secretKey: string): Promise<Buffer> {
  const [row] = await db.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl)).limit(1);
  if (row) return Buffer.from(openSecret(row.keySealed, secretKey, PURPOSE));
  const { default: acme } = await import('acme-client'); // loaded when first needed (issue-certificate.ts)
  const key = await acme.crypto.createPrivateEcdsaKey();
  // Two instances racing: the first row wins and both use it.
  await db
    .insert(acmeAccounts)
    .values({ directoryUrl, keySealed: sealSecret(key.toString(), secretKey, PURPOSE), accountUrl: null })
    .onConflictDoNothing();
  const [kept] = await db.select().from(acmeAccounts).where(eq(acmeAccounts.directoryUrl, directoryUrl)).limit(1);
  return Buffer.from(openSecret(kept.keySealed, secretKey, PURPOSE));
}
