// The remote CLI: `sling login|logout|whoami` and `sling links|domains|tokens …` against a Sling
// instance's REST API through @sling/sdk, as the logged-in token. Failures are one line naming the
// API's error code, `error <code>: <message>`, and an exit code a script can branch on (EXIT).
import { Sling, SlingError } from '@sling/sdk';
import { printError, setExitCode } from '../cli-io';
import { UsageError } from '../usage-error';
import { login, logout, whoami } from './account-commands';
import { readCredentials } from './credentials';
import { runRemoteDomains } from './domains-remote';
import { runRemoteLinks } from './links-remote';
import { EXIT, NotLoggedInError, type RemoteValues } from './remote-context';
import { runRemoteTokens } from './tokens-remote';

export async function runRemoteCommand(command: string, positionals: string[], values: RemoteValues): Promise<void> {
  let url: string | undefined = values.url;
  try {
    if (command === 'login') return await login(values);
    if (command === 'logout') return logout();
    const creds = readCredentials();
    if (!creds) throw new NotLoggedInError();
    url = creds.url;
    const ctx = { sling: new Sling({ baseUrl: creds.url, token: creds.token }), json: values.json === true, values, args: positionals.slice(1) };
    if (command === 'whoami') return await whoami(ctx, creds);
    const run = { links: runRemoteLinks, domains: runRemoteDomains, tokens: runRemoteTokens }[command as 'links' | 'domains' | 'tokens'];
    return await run(positionals[0], ctx);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    setExitCode(report(err, url));
  }
}

function report(err: unknown, url: string | undefined): number {
  if (err instanceof NotLoggedInError) {
    printError('error not_logged_in: Not logged in. Run `sling login --url https://your-sling`, or set SLING_URL and SLING_TOKEN.');
    printError("(Operator commands on this machine's database: add --local.)");
    return EXIT.unauthorized;
  }
  if (err instanceof SlingError) {
    printError(`error ${err.code}: ${err.message}`);
    for (const [field, problem] of Object.entries(err.details ?? {}))
      printError(`  ${field}: ${typeof problem === 'string' ? problem : JSON.stringify(problem)}`);
    if (err.status === 401) {
      printError('The token was refused: log in again with `sling login`.');
      return EXIT.unauthorized;
    }
    return EXIT.apiError;
  }
  const cause = err instanceof TypeError ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  if (err instanceof TypeError && err.message === 'fetch failed') {
    printError(`error unreachable: Cannot reach ${url ?? 'the Sling instance'}: ${cause?.code ?? cause?.message ?? err.message}.`);
    return EXIT.unreachable;
  }
  printError(err);
  return EXIT.apiError;
}
