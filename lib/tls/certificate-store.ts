// Certificates for the HTTPS listener, by SNI name: a bounded LRU of TLS contexts (negative
// entries too) loaded from the database and opened with SECRET_KEY, dropped per host when its
// domain or certificate changes (domainHostKey, through the invalidation bus) or after ttlMs.
import { createSecureContext, type SecureContext } from 'node:tls';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { certificates, domains } from '../../db/schema';
import { CERT_KEY_PURPOSE } from '../acme/issue-certificate';
import { ALL_KEYS } from '../cache/invalidation-bus';
import { openSecret } from '../crypto/secret-box';
import { servingDomain } from '../domains/serving-statuses';
import type { Db } from '../db/types';

interface Slot {
  context: SecureContext | null;
  freshUntil: number;
}

export class CertificateStore {
  private lru = new LRUCache<string, Slot>({ max: 10_000 });
  private inflight = new Map<string, Promise<SecureContext | null>>();
  private epoch = 0;

  constructor(private opts: { db: () => Promise<Db>; secretKey: string; ttlMs?: number }) {}

  /** The context for a server name, or null when no verified domain of that name has a certificate. */
  contextFor(name: string): Promise<SecureContext | null> {
    const host = name.toLowerCase();
    const slot = this.lru.get(host);
    if (slot && slot.freshUntil > Date.now()) return Promise.resolve(slot.context);
    let pending = this.inflight.get(host);
    if (!pending) {
      const epoch = this.epoch;
      const startedAt = Date.now();
      pending = this.load(host)
        .then((context) => {
          if (epoch === this.epoch) this.lru.set(host, { context, freshUntil: startedAt + (this.opts.ttlMs ?? 60_000) });
          return context;
        })
        .finally(() => this.inflight.delete(host));
      this.inflight.set(host, pending);
    }
    return pending;
  }

  invalidate(key: string): void {
    if (key === ALL_KEYS) {
      this.epoch++;
      this.lru.clear();
    } else if (key.startsWith('domain:')) {
      this.epoch++;
      this.lru.delete(key.slice('domain:'.length));
    }
  }

  private async load(host: string): Promise<SecureContext | null> {
    const db = await this.opts.db();
    const [row] = await db
      .select({ certPem: certificates.certPem, keySealed: certificates.keySealed })
      .from(certificates)
      .innerJoin(domains, eq(domains.id, certificates.domainId))
      .where(and(sql`lower(${domains.hostname}) = ${host}`, servingDomain(), isNotNull(certificates.certPem), isNotNull(certificates.keySealed)))
      .limit(1);
    if (!row?.certPem || !row.keySealed) return null;
    return createSecureContext({ cert: row.certPem, key: openSecret(row.keySealed, this.opts.secretKey, CERT_KEY_PURPOSE) });
  }
}
