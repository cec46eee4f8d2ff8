// Runs one `sling` command line to its end and returns the exit code; errors are printed as one
// line (or a stack for the unexpected). The same code runs in the `sling` process and, for a
// command forwarded over the admin socket, inside the running server.
import { parseArgs } from 'node:util';
import { ConfigError } from '../lib/config/env';
import { loadConfig } from '../lib/config/load-config';
import { AppError } from '../lib/core/errors';
import { DataDirBusyError } from '../lib/runtime/data-dir-lock';
import { print, printError } from './cli-io';
import { CLI_OPTIONS } from './cli-options';
import { runsRemotely } from './remote/remote-mode';
import { UsageError } from './usage-error';

export const USAGE = `Usage: sling <command> [options]

Remote commands (a Sling instance's API, as your API token; docs/api/clients.md):
  login --url URL [--token-stdin]              check a token (piped in, or asked for) and store it
  logout | whoami                              forget the stored token | show the instance and workspace
  links create --url URL [--alias A] [--domain HOST] [--tags a,b] [--expires ISO-8601]
  links list [--search Q] [--limit N] [--all]
  links get|delete <id|code>
  links update <id|code> [--url URL] [--alias A] [--tags a,b|none] [--expires ISO-8601|none]
  links stats <id|code> [--range 24h|7d|30d|12w] [--from D] [--to D] [--interval hour|day|week]
  domains list | domains add <hostname> | domains verify|status|remove <id|hostname>
  tokens list | tokens create [--name N] [--scopes a,b] [--expires ISO-8601] | tokens revoke <id>
  --json prints the API's answer as one JSON document. Exit codes: 0 ok, 1 the API refused (the
  error names its code), 2 usage, 3 not logged in or the token refused, 4 the instance unreachable.
  links, domains and tokens go to the API when you are logged in (or SLING_URL and SLING_TOKEN are
  set); --local, or an operator option (--email, --workspace, --code, --reason), runs the operator
  forms below on this machine's database instead.

Operator commands (this machine's database, with the server's configuration):
  start [--role all|edge|app|worker] [--dev]   start the server (default role: all)
  migrate                                      apply database migrations and exit
  links create --url URL [--alias A] [--expires ISO-8601]
                                               create a short link
  links update --code C [--url URL] [--expires ISO-8601|none]
                                               change a link's destination or expiry
  links get --code C                           show a link
  links disable --code C --reason R            disable a link (visitors get HTTP 451)
  links enable --code C                        enable it again
  users create --email E [--password-stdin] [--plan free|pro|business|enterprise] [--name N]
                                               the password from stdin, else a prompt (the plan
                                               is the personal workspace's)
  users set-plan (--email E | --workspace SLUG) --plan P
                                               change the plan of a user's personal workspace, or of a workspace
  users set-admin <email> [--off]              make an account a platform admin (the admin console), or not
  tokens create --email E [--workspace SLUG] [--name N] [--scopes links:read,links:write,…]
                                               create an API token (the secret is the last line)
  tokens list --email E [--workspace SLUG]     list a user's tokens
  tokens revoke --id I                         revoke a token
  jobs status [--json]                         queues: queued, active, retrying, failed, dead-letter
  jobs run <queue>                             run a queue's job now (e.g. links.expire)
  jobs probe [--hold S] [--fail] [--wait]      send a probe job (checks that workers run jobs)
  events tail [--type T] [--limit N] [--follow]  the event outbox as JSON lines
  domains list|add|verify|remove (--workspace ID|SLUG | --email E) [--hostname H | --id I]
                                               a workspace's custom domains, as its owner (JSON lines)
  mcp [--url URL --token TOKEN]                Sling's MCP server on stdio, for an assistant (or
                                               SLING_URL and SLING_TOKEN; docs/api/clients.md)

Configuration comes from the environment (see docs/self-hosting/configuration.md).`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: CLI_OPTIONS,
  });
  if (!command || values.help || ['help', '--help', '-h'].includes(command)) return void print(USAGE);
  // Each command's modules load when it runs (a chunk of its own in the bundle): a remote command or
  // `sling mcp` does not load the server, the database drivers or the job queue.
  // A client of a Sling instance elsewhere: no server configuration.
  if (command === 'mcp') return (await import('./mcp-command')).runMcpCommand(values);
  // Through a Sling instance's API as the logged-in token (remote/remote-mode.ts says when).
  if (runsRemotely(command, positionals[0], values)) return (await import('./remote/run-remote')).runRemoteCommand(command, positionals, values);
  loadConfig(); // a bad environment stops here, before anything opens
  switch (command) {
    case 'start':
      return (await import('./start-command')).runStart(values);
    case 'migrate':
      return (await import('./migrate-command')).runMigrate();
    case 'links':
      return (await import('./links-command')).runLinksCommand(positionals[0], values);
    case 'users':
      return (await import('./users-command')).runUsersCommand(positionals[0], values, positionals.slice(1));
    case 'tokens':
      return (await import('./tokens-command')).runTokensCommand(positionals[0], values);
    case 'jobs':
      return (await import('./jobs-command')).runJobsCommand(positionals, values);
    case 'events':
      return (await import('./events-command')).runEventsCommand(positionals[0], values);
    case 'domains':
      return (await import('./domains-command')).runDomainsCommand(positionals[0], values);
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/** 0 on success (a command may still set a failing exit code through setExitCode). */
export async function runCli(argv: string[]): Promise<number> {
  try {
    await main(argv);
    return 0;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof UsageError) {
      printError(err.message);
    } else if (err instanceof AppError) {
      printError(`Error (${err.code}): ${err.message}`);
    } else {
      printError(err);
    }
    return err instanceof UsageError ? 2 : 1;
  }
}
