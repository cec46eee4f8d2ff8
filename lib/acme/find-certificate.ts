// A domain's certificate state as the API shows it (never the key).
import { eq } from 'drizzle-orm';
import { certificates } from '../../db/schema';
import type { Db } from '../db/types';

export interface CertificateJson {
  status: 'pending' | 'issued' | 'failed';
  issued_at: string | null;
  expires_at: string | null;
  /** Why the last attempt failed (the CA's words), and when the next one is. */
  error: string | null;
  next_attempt_at: string | null;
}

export async function findCertificate(db: Db, domainId: number): Promise<CertificateJson | null> {
  const [c] = await db.select().from(certificates).where(eq(certificates.domainId, domainId)).limit(1);
  if (!c) return null;
  const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
  return { status: c.status, issued_at: iso(c.issuedAt), expires_at: iso(c.expiresAt), error: c.lastError, next_attempt_at: iso(c.nextAttemptAt) };
}
