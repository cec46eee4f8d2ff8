// `sling login --url URL` (the token from stdin or a prompt, checked against the instance before it
// is stored), `sling logout` and `sling whoami`.
import { Sling, SlingError } from '@sling/sdk';
import { input, print, printError } from '../cli-io';
import { prompt, readAll } from '../read-password';
import { UsageError } from '../usage-error';
import { type Credentials, credentialsPath, deleteCredentials, writeCredentials } from './credentials';
import { printFields } from './print-table';
import type { RemoteContext, RemoteValues } from './remote-context';

export async function login(values: RemoteValues): Promise<void> {
  if (!values.url) throw new UsageError('Usage: sling login --url https://sling.example.com [--token-stdin]');
  if (!/^https?:\/\/[^/]/.test(values.url)) throw new UsageError(`--url must be an http:// or https:// address (got "${values.url}").`);
  const url = values.url.replace(/\/+$/, '');
  const token = await readToken(values);
  const current = await currentWorkspace(new Sling({ baseUrl: url, token }));
  const path = writeCredentials({ url, token });
  if (values.json) print(JSON.stringify({ url, workspace: current, credentials: path }, null, 2));
  else print(`Logged in to ${url} as ${current.role} of the workspace "${current.name}" (${current.slug}).\nThe token is stored in ${path}.`);
  if (process.env.SLING_URL && process.env.SLING_TOKEN) printError('Note: SLING_URL and SLING_TOKEN are set, and take precedence over this login.');
}

export function logout(): void {
  const path = credentialsPath();
  print(deleteCredentials() ? `Logged out (removed ${path}).` : 'Not logged in.');
  if (process.env.SLING_URL && process.env.SLING_TOKEN) printError('Note: SLING_URL and SLING_TOKEN are still set in the environment.');
}

export async function whoami(ctx: RemoteContext, creds: Credentials): Promise<void> {
  const current = await currentWorkspace(ctx.sling);
  if (ctx.json) return print(JSON.stringify({ url: creds.url, workspace: current, credentials: creds.source }, null, 2));
  printFields([
    ['Instance', creds.url],
    ['Workspace', `${current.name} (${current.slug}, ${current.plan} plan)`],
    ['Role', current.role],
    ['Credentials', creds.source === 'env' ? 'SLING_URL and SLING_TOKEN' : creds.source],
  ]);
}

/** --token-stdin or piped stdin, else a prompt without echo; --token works, with a warning. */
async function readToken(values: RemoteValues): Promise<string> {
  let token: string;
  if (values.token !== undefined) {
    printError('Warning: --token leaves the token in your shell history and the process list; pipe it in or use the prompt.');
    token = values.token;
  } else if (values['token-stdin'] || !process.stdin.isTTY) {
    token = await readAll(input());
  } else {
    token = await prompt('API token (Settings → API tokens): ');
  }
  token = token.trim();
  if (!token) throw new UsageError('No token given: pipe it in (`printf %s "$TOKEN" | sling login --url URL --token-stdin`) or type it at the prompt.');
  return token;
}

/** The token's workspace and role: the cheapest call every valid token may make (no scope needed). */
async function currentWorkspace(sling: Sling) {
  const answer = await sling.listWorkspaces();
  const current = Array.isArray(answer?.workspaces) ? answer.workspaces.find((w) => w.id === answer.current_id) : undefined;
  if (!current) throw new SlingError({ status: 200, code: 'unexpected_response', message: `${sling.baseUrl} did not answer as a Sling instance.` });
  return current;
}
