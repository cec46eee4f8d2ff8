// The top of /docs: the four calls a new integrator makes (token → create → list → stats) as curl
// commands for this instance, ready to copy.
import { CopyableCode } from './copyable-code';

export function quickStartCommands(baseUrl: string) {
  const auth = '-H "Authorization: Bearer $SLING_TOKEN"';
  return {
    token: 'export SLING_TOKEN=sl_yourtoken   # the token you just created',
    create: `curl -X POST ${baseUrl}/api/v1/links \\\n  ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"url": "https://example.com/a/long/page"}'`,
    list: `curl "${baseUrl}/api/v1/links?limit=20" \\\n  ${auth}`,
    stats: `curl "${baseUrl}/api/v1/links/LINK_ID/stats?interval=day" \\\n  ${auth}`,
  };
}

export function ApiQuickStart({ baseUrl, signedIn }: { baseUrl: string; signedIn: boolean }) {
  const c = quickStartCommands(baseUrl);
  return (
    <section className="quick-start card" aria-labelledby="quick-start-h">
      <h2 id="quick-start-h">Quick start</h2>
      <ol className="stack">
        <li>
          <h3>Get a token</h3>
          <p className="muted">
            {signedIn ? (
              <>
                In <a href="/settings/tokens">Settings → API tokens</a>, create a token (all scopes, or at least <code>links:read</code>,{' '}
                <code>links:write</code> and <code>analytics:read</code>) and keep it in a variable:
              </>
            ) : (
              <>
                <a href="/signup">Create an account</a> (or <a href="/login?next=%2Fsettings%2Ftokens">sign in</a>), then create a token in Settings → API
                tokens (with <code>links:read</code>, <code>links:write</code> and <code>analytics:read</code>) and keep it in a variable:
              </>
            )}
          </p>
          <CopyableCode label="Keep the token in a variable" code={c.token} />
        </li>
        <li>
          <h3>Create a link</h3>
          <p className="muted">
            The answer (201) is the new link; its <code>id</code> is used below.
          </p>
          <CopyableCode label="Create a link" code={c.create} />
        </li>
        <li>
          <h3>List your links</h3>
          <CopyableCode label="List links" code={c.list} />
        </li>
        <li>
          <h3>Read a link’s statistics</h3>
          <CopyableCode label="A link’s statistics" code={c.stats} />
        </li>
      </ol>
      <p className="muted">
        Below, every endpoint with its parameters and answers. “Test Request” sends a real request to this instance
        {signedIn ? ' as you (your session), or with a token you paste under Authentication.' : ' with the token you paste under Authentication.'} The document
        itself: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.
      </p>
    </section>
  );
}
