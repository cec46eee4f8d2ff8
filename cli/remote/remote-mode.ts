// Whether a `links`, `domains` or `tokens` command line goes to a Sling instance's REST API (as the
// logged-in token) or to the local database (as the operator). Remote when a login exists (sling
// login, or SLING_URL and SLING_TOKEN) or the action exists only remotely; local with --local, an
// operator-only option (--email, --workspace, --code, --reason) or an operator-only action.
import { parseArgs } from 'node:util';
import { hostedRuntime } from '../cli-io';
import { CLI_OPTIONS } from '../cli-options';
import { type Env, readCredentials } from './credentials';

const ACCOUNT_COMMANDS = ['login', 'logout', 'whoami'];
const REMOTE_ACTIONS: Record<string, string[]> = {
  links: ['create', 'list', 'get', 'update', 'delete', 'stats'],
  domains: ['list', 'add', 'verify', 'status', 'remove'],
  tokens: ['list', 'create', 'revoke'],
};
const LOCAL_ACTIONS: Record<string, string[]> = {
  links: ['create', 'update', 'get', 'disable', 'enable'],
  domains: ['list', 'add', 'verify', 'remove'],
  tokens: ['create', 'list', 'revoke'],
};
const OPERATOR_OPTIONS = ['email', 'workspace', 'code', 'reason'] as const;

type Values = Partial<Record<(typeof OPERATOR_OPTIONS)[number] | 'local', unknown>>;

export function runsRemotely(command: string | undefined, action: string | undefined, values: Values, env: Env = process.env): boolean {
  // A command forwarded to a running server was found local by the `sling` that sent it.
  if (command === undefined || hostedRuntime()) return false;
  if (ACCOUNT_COMMANDS.includes(command)) return true;
  const remote = REMOTE_ACTIONS[command];
  if (!remote || values.local || !remote.includes(action ?? '')) return false;
  if (OPERATOR_OPTIONS.some((o) => values[o] !== undefined)) return false;
  return !LOCAL_ACTIONS[command].includes(action ?? '') || readCredentials(env) !== undefined;
}

/** The same choice from a raw command line (before forwarding to a local server's admin socket). */
export function commandLineRunsRemotely(argv: string[], env: Env = process.env): boolean {
  const [command, ...rest] = argv;
  try {
    const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, strict: false, options: CLI_OPTIONS });
    return runsRemotely(command, positionals[0], values, env);
  } catch {
    return false; // a malformed line is reported by the local run
  }
}
