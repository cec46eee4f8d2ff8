// The new-token form's permissions: one checkbox per token scope, every one ticked by default.
import { TOKEN_SCOPES, type TokenScope } from '@/lib/tenancy/permissions';

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
};

/** How a token's scopes read in the list. */
export function describeScopes(scopes: readonly string[]): string {
  return scopes.length >= TOKEN_SCOPES.length ? 'All permissions' : scopes.length === 0 ? 'No permissions' : scopes.join(', ');
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
            <input type="checkbox" name="scopes" value={scope} defaultChecked />
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
