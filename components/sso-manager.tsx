'use client';
// Settings → Single sign-on: a new connection in two steps (provider type, then its credentials),
// and for each connection the rest of the set-up as numbered steps — register the callback URL
// with the provider, test the connection (each check listed), prove the email domain by DNS, and
// enable — plus "Require SSO".
import { useCallback, useEffect, useState } from 'react';
import { apiJson } from './api-client';
import { FormError } from './form-error';
import { SSO_API, type Connection, type ProviderType } from './sso-api';
import { ConnectionCard } from './sso-connection-card';
import { NewConnection } from './sso-new-connection';

export function SsoManager({ baseUrl }: { baseUrl: string }) {
  const [connections, setConnections] = useState<Connection[] | null>(null);
  const [types, setTypes] = useState<ProviderType[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const data = await apiJson<{ connections: Connection[]; provider_types: ProviderType[] }>(SSO_API);
      setConnections(data.connections);
      setTypes(data.provider_types);
    } catch (err) {
      setError((err as Error).message);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const replace = (c: Connection) => setConnections((list) => (list ?? []).map((x) => (x.id === c.id ? c : x)));

  if (connections === null) return error ? <FormError message={error} /> : <p className="muted">Loading…</p>;
  return (
    <div className="stack">
      {connections.map((c) => (
        <ConnectionCard
          key={c.id}
          connection={c}
          hint={types.find((t) => t.type === c.type)?.hint ?? ''}
          onChange={replace}
          onDelete={() => setConnections((l) => (l ?? []).filter((x) => x.id !== c.id))}
        />
      ))}
      {adding || connections.length === 0 ? (
        <NewConnection
          types={types}
          baseUrl={baseUrl}
          onCancel={connections.length > 0 ? () => setAdding(false) : undefined}
          onCreated={(c) => {
            setConnections((l) => [c, ...(l ?? [])]);
            setAdding(false);
          }}
        />
      ) : (
        <div>
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            Add another connection
          </button>
        </div>
      )}
    </div>
  );
}
