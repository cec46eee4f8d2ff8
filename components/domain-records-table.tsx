'use client';
// The DNS records a domain needs, as a DNS provider's form asks for them (type, name, value), each
// with a copy button; after a check, what was found for each: found, missing, or the wrong value
// with what was seen instead.
import { Icon } from './icons';
import type { DomainRecord } from './domains-api';

interface DomainRecordsTableProps {
  hostname: string;
  records: DomainRecord[];
  onCopy: (text: string, what: string) => void;
}

const RESULT = {
  found: { label: 'Found', icon: 'check' },
  missing: { label: 'Missing', icon: 'close' },
  wrong: { label: 'Wrong value', icon: 'close' },
} as const;

function CopyValue({ value, what, onCopy }: { value: string; what: string; onCopy: DomainRecordsTableProps['onCopy'] }) {
  return (
    <span className="record-value">
      <code>{value}</code>
      <button type="button" className="icon-button copy" onClick={() => onCopy(value, what)} aria-label={`Copy ${what}`} title="Copy">
        <Icon name="copy" size={15} />
      </button>
    </span>
  );
}

export function DomainRecordsTable({ hostname, records, onCopy }: DomainRecordsTableProps) {
  const checked = records.some((r) => r.status);
  return (
    <table className="records-table">
      <caption className="sr-only">DNS records for {hostname}</caption>
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          {checked ? <th scope="col">Last check</th> : null}
        </tr>
      </thead>
      <tbody>
        {records.map((r) => {
          const result = r.status ? RESULT[r.status] : null;
          return (
            <tr key={`${r.type} ${r.name}`} data-record={r.type}>
              <td data-label="Type">
                <span className="record-type">{r.type}</span>
              </td>
              <td data-label="Name">
                <CopyValue value={r.label} what={`${r.type} name`} onCopy={onCopy} />
                {r.label !== r.name ? <span className="hint record-full">{r.name}</span> : null}
              </td>
              <td data-label="Value">
                <CopyValue value={r.value} what={`${r.type} value`} onCopy={onCopy} />
              </td>
              {checked ? (
                <td data-label="Last check" className="record-result">
                  {result ? (
                    <span className={`record-status ${r.status}`} data-testid="record-status">
                      <Icon name={result.icon} size={14} />
                      {result.label}
                    </span>
                  ) : (
                    <span className="hint">Not checked</span>
                  )}
                  {r.status === 'wrong' && r.seen && r.seen.length > 0 ? (
                    <span className="hint record-seen">
                      Seen: <code>{r.seen.join(', ')}</code>
                    </span>
                  ) : null}
                  {r.status === 'missing' && r.error ? <span className="hint record-seen">{r.error}</span> : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
