'use client';
// One custom domain: its name, status and certificate at a glance; opened, the DNS records to add
// with Verify now and each record's result, the certificate's details, the visits that found no link, the
// favicon, the redirects, the landing page, making it the default for new links, and deleting it.
import { useId, useState } from 'react';
import { CertificateBadge, CertificateDetails } from './domain-certificate';
import { DomainFavicon } from './domain-favicon';
import { DomainRecordsTable } from './domain-records-table';
import { DomainSettingsForm } from './domain-settings-form';
import { DomainAppLinks } from './domain-app-links';
import { DomainOrphans, useOrphanVisits } from './domain-orphans';
import type { DomainView } from './domains-api';
import { Icon } from './icons';
import { formatCount } from './links-api';
import { When } from './when';

interface DomainCardProps {
  domain: DomainView;
  canManage: boolean;
  startOpen: boolean;
  verifying: boolean;
  onVerify: () => void;
  onSetDefault: (on: boolean) => void;
  onDelete: () => void;
  onSaved: (domain: DomainView) => void;
  onCopy: (text: string, what: string) => void;
  /** This server gets HTTPS certificates itself (ACME_DIRECTORY_URL). */
  certificatesManaged: boolean;
}

const STATUS = { pending: 'Pending', verified: 'Verified', misconfigured: 'Misconfigured', expired: 'Expired' } as const;

function StatusLine({ domain }: { domain: DomainView }) {
  if (domain.status === 'verified') {
    return (
      <p className="domain-status-line ok">
        <Icon name="check" size={16} /> Both records are in place
        {domain.verified_at ? (
          <>
            {' '}
            — verified <When iso={domain.verified_at} />
          </>
        ) : null}
        .
      </p>
    );
  }
  const checked = domain.last_checked_at;
  return (
    <p className="domain-status-line" aria-live="polite">
      {domain.status === 'misconfigured'
        ? 'The records were verified once but are gone now: links on this domain may stop answering. '
        : domain.status === 'expired'
          ? `${domain.status_reason ?? 'This claim expired.'} `
          : 'Add these records at your DNS provider. '}
      {domain.next_check_at ? (
        <>
          Sling checks again by itself <When iso={domain.next_check_at} />
          {checked ? (
            <>
              {' '}
              (last check <When iso={checked} />)
            </>
          ) : null}
          ; changes usually show within 5–30 minutes.
        </>
      ) : checked ? (
        <>
          Last checked <When iso={checked} />.
        </>
      ) : null}
    </p>
  );
}

export function DomainCard({
  domain,
  canManage,
  startOpen,
  verifying,
  onVerify,
  onSetDefault,
  onDelete,
  onSaved,
  onCopy,
  certificatesManaged,
}: DomainCardProps) {
  const [open, setOpen] = useState(startOpen);
  const bodyId = useId();
  const titleId = useId();
  const links = domain.link_count === 1 ? '1 link' : `${formatCount(domain.link_count)} links`;
  const orphans = useOrphanVisits(domain.id, domain.status === 'verified');
  const orphanCount = orphans.data?.totals.all ?? 0;
  return (
    <li className={`domain-card${open ? ' open' : ''}`} data-domain={domain.hostname} aria-labelledby={titleId}>
      <div className="domain-summary">
        <span className={`domain-avatar ${domain.status}`} aria-hidden="true">
          <Icon name="domains" size={18} />
        </span>
        <div className="domain-main">
          <div className="domain-title">
            <h2 id={titleId}>{domain.hostname}</h2>
            {domain.default ? <span className="badge default-badge">Default</span> : null}
          </div>
          <div className="domain-meta">
            <span className={`badge domain-${domain.status}`} data-testid="domain-status">
              {STATUS[domain.status]}
            </span>
            <CertificateBadge domain={domain} managed={certificatesManaged} />
            <span className="hint">{links}</span>
            {orphanCount > 0 ? (
              <span className="hint" data-testid="orphan-summary">
                {orphanCount === 1 ? '1 visit' : `${formatCount(orphanCount)} visits`} found no link
              </span>
            ) : null}
          </div>
        </div>
        <div className="domain-actions">
          {canManage && domain.status !== 'verified' ? (
            <button type="button" className="small with-icon" onClick={onVerify} aria-disabled={verifying}>
              {verifying ? <span className="spinner" aria-hidden="true" /> : null}
              {verifying ? 'Checking…' : 'Verify now'}
            </button>
          ) : null}
          <button type="button" className="secondary small" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
            {open ? 'Hide details' : domain.status === 'verified' ? 'Settings' : 'DNS records'}
            <span className="sr-only"> for {domain.hostname}</span>
          </button>
        </div>
      </div>
      <div id={bodyId} className="domain-body" hidden={!open}>
        <section className="domain-section" aria-label={`DNS records for ${domain.hostname}`}>
          <div className="row between">
            <h3>DNS records</h3>
            {canManage && domain.status === 'verified' ? (
              <button type="button" className="secondary small" onClick={onVerify} aria-disabled={verifying}>
                {verifying ? 'Checking…' : 'Check again'}
              </button>
            ) : null}
          </div>
          <StatusLine domain={domain} />
          <DomainRecordsTable hostname={domain.hostname} records={domain.records} onCopy={onCopy} />
          <p className="hint">
            The CNAME sends visitors to Sling; the TXT record proves the domain is yours. Some DNS providers want the full name ({domain.hostname}) instead of
            the short one.
          </p>
        </section>
        <section className="domain-section" aria-label={`Certificate for ${domain.hostname}`}>
          <h3>HTTPS certificate</h3>
          <CertificateDetails domain={domain} managed={certificatesManaged} />
        </section>
        {domain.status === 'verified' ? (
          <section className="domain-section domain-orphans" aria-label={`Visits that found no link on ${domain.hostname}`}>
            <h3>Visits that found no link</h3>
            <DomainOrphans
              domainId={domain.id}
              hostname={domain.hostname}
              data={orphans.data}
              error={orphans.error}
              canManage={canManage}
              onLoggingChanged={orphans.setData}
            />
          </section>
        ) : null}
        {canManage ? (
          <>
            <section className="domain-section" aria-label={`Favicon for ${domain.hostname}`}>
              <h3>Favicon</h3>
              <DomainFavicon domainId={domain.id} hostname={domain.hostname} />
            </section>
            <section className="domain-section" aria-label={`Redirects for ${domain.hostname}`}>
              <h3>Redirects</h3>
              <DomainSettingsForm domain={domain} onSaved={onSaved} />
            </section>
            <section className="domain-section" aria-label={`Deep links for ${domain.hostname}`}>
              <h3>Deep links</h3>
              <DomainAppLinks domain={domain} onSaved={onSaved} />
            </section>
            <section className="domain-section domain-more">
              <h3 className="sr-only">More for {domain.hostname}</h3>
              <div className="row">
                <a className="button secondary small" href={`/domains/${domain.id}/landing`}>
                  Landing page
                </a>
                {domain.default ? (
                  <button type="button" className="secondary small" onClick={() => onSetDefault(false)}>
                    Stop using as default
                  </button>
                ) : (
                  <button
                    type="button"
                    className="secondary small"
                    disabled={domain.status !== 'verified'}
                    onClick={() => onSetDefault(true)}
                    title={domain.status === 'verified' ? undefined : 'Verify the domain first'}
                  >
                    Set as default
                  </button>
                )}
                <button type="button" className="secondary small danger push-right" onClick={onDelete}>
                  Delete domain…
                </button>
              </div>
              <p className="hint">
                {domain.default ? 'New links go on this domain unless you pick another one.' : 'The default domain is preselected when you create a link.'}
              </p>
            </section>
          </>
        ) : null}
      </div>
    </li>
  );
}
