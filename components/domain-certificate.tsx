'use client';
// A domain's HTTPS certificate in words: waiting for DNS, being issued, issued (until when), or
// failed with the certificate authority's own reason and when Sling tries again. Without
// ACME_DIRECTORY_URL Sling issues none (TLS ends at a proxy in front of it), and says so.
import type { DomainView } from './domains-api';
import { When } from './when';

export type CertificateState = 'waiting' | 'pending' | 'issued' | 'failed' | 'proxy';

/** `managed`: this server gets certificates itself (ACME_DIRECTORY_URL is set). */
export function certificateState(d: DomainView, managed: boolean): CertificateState {
  if (d.certificate) return d.certificate.status;
  if (!managed) return 'proxy';
  return d.status === 'verified' ? 'pending' : 'waiting';
}

const BADGE: Record<CertificateState, string> = {
  waiting: 'HTTPS waits for DNS',
  pending: 'Certificate pending',
  issued: 'HTTPS',
  failed: 'Certificate failed',
  proxy: 'HTTPS at your proxy',
};

export function CertificateBadge({ domain, managed }: { domain: DomainView; managed: boolean }) {
  const state = certificateState(domain, managed);
  return (
    <span className={`badge cert-${state}`} data-testid="certificate-badge">
      {BADGE[state]}
    </span>
  );
}

export function CertificateDetails({ domain, managed }: { domain: DomainView; managed: boolean }) {
  const c = domain.certificate;
  const state = certificateState(domain, managed);
  return (
    <div className="domain-cert" data-testid="certificate" data-state={state}>
      {state === 'proxy' ? (
        <p className="muted">
          This server does not get certificates itself (<code>ACME_DIRECTORY_URL</code> is not set): HTTPS for {domain.hostname} is served by the proxy or load
          balancer in front of Sling. Give it a certificate for this name there.
        </p>
      ) : state === 'waiting' ? (
        <p className="muted">Sling asks the certificate authority for an HTTPS certificate as soon as the DNS records are verified.</p>
      ) : state === 'pending' ? (
        <p>
          <span className="spinner" aria-hidden="true" /> Issuing a certificate — usually one to five minutes. Short links answer over HTTPS once it is issued.
        </p>
      ) : state === 'issued' && c ? (
        <p>
          Issued
          {c.issued_at ? (
            <>
              {' '}
              <When iso={c.issued_at} />
            </>
          ) : null}
          {c.expires_at ? (
            <>
              , valid until <When iso={c.expires_at} absolute />. Renewed automatically 30 days before it expires.
            </>
          ) : null}
        </p>
      ) : c ? (
        <div className="stack tight">
          <p>The certificate authority refused the last attempt:</p>
          <pre className="ca-error">{c.error ?? 'No reason given.'}</pre>
          {c.next_attempt_at ? (
            <p className="muted">
              Sling tries again <When iso={c.next_attempt_at} />. Check that both DNS records are still in place.
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
