// The new-token form's permissions: one checkbox per token scope, every one ticked by default but
// managing tokens, which a token has only when asked for (the remote CLI's `sling tokens …`).
import { DEFAULT_TOKEN_SCOPES, EXPLICIT_ONLY_SCOPES, TOKEN_SCOPES, type TokenScope } from '@/lib/tenancy/permissions';

const SCOPE_LABELS: Record<TokenScope, string> = {
  'links:read': 'See links',
  'links:write': 'Create and change links',
  'analytics:read': 'See analytics',
  'domains:read': 'See domains',
  'domains:write': 'Manage domains',
  'webhooks:read': 'See webhooks',
  'webhooks:write': 'Manage webhooks',
  'workspace:read': 'See the workspace',
  'workspace:write': 'Change the workspace',
  'members:read': 'See members',
  'members:write': 'Manage members and invitations',
  'tokens:read': 'See your API tokens',
  'tokens:write': 'Create and revoke API tokens',
};

/** How a token's scopes read in the list. */
export function describeScopes(scopes: readonly string[]): string {
  if (scopes.length === 0) return 'No permissions';
  if (!DEFAULT_TOKEN_SCOPES.every((s) => scopes.includes(s))) return scopes.join(', ');
  const extra = EXPLICIT_ONLY_SCOPES.filter((s) => scopes.includes(s));
  return extra.length === 0 ? 'All permissions' : `All permissions, and ${extra.join(', ')}`;
}

export function TokenScopesField({ error }: { error?: string }) {
  return (
    <fieldset className="token-scopes" aria-invalid={error ? true : undefined} aria-describedby="token-scopes-note">
      <legend>Permissions</legend>
      <p id="token-scopes-note" className="hint">
        A token never does more than you can do yourself in this workspace; untick what it does not need.
      </p>
      <div className="scope-choices">
        {TOKEN_SCOPES.map((scope) => (
          <label key={scope} className="scope-choice">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={!EXPLICIT_ONLY_SCOPES.includes(scope)} />
            <span>
              {SCOPE_LABELS[scope]}
              <code className="hint">{scope}</code>
            </span>
          </label>
        ))}
      </div>
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  );
}
