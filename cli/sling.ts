// The `sling` command: start, migrate, links, users, tokens, jobs, events, domains. While a server runs on
// the embedded database (which admits one process), commands are forwarded to it over its admin
// socket and run there; otherwise they run here.
import { forwardToServer } from './forward-command';
import { runCli } from './run-cli';

// Next.js would otherwise phone home on start; Sling runs without outside network.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

async function sling(argv: string[]): Promise<number> {
  const forwarded = await forwardToServer(argv);
  return forwarded ?? runCli(argv);
}

sling(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
