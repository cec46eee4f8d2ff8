// The `sling` command: start, migrate, links.
import { parseArgs } from 'node:util';
import { ConfigError } from '../lib/config/env';
import { loadConfig } from '../lib/config/load-config';
import { AppError } from '../lib/http/errors';
import { DataDirBusyError } from '../lib/runtime/data-dir-lock';
import { runLinksCommand } from './links-command';
import { runMigrate } from './migrate-command';
import { runStart } from './start-command';
import { UsageError } from './usage-error';

// Next.js would otherwise phone home on start; Sling runs without outside network.
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const USAGE = `Usage: sling <command> [options]

Commands:
  start [--role all|edge|app|worker] [--dev]   start the server (default role: all)
  migrate                                      apply database migrations and exit
  links create --url URL [--alias A]           create a short link
  links update --code C --url URL              change a link's destination
  links get --code C                           show a link

Configuration comes from the environment (see README).`;

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      dev: { type: 'boolean' },
      url: { type: 'string' },
      alias: { type: 'string' },
      code: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (!command || values.help || ['help', '--help', '-h'].includes(command)) return void console.log(USAGE);
  loadConfig(); // a bad environment stops here, before anything opens
  switch (command) {
    case 'start':
      return runStart(values);
    case 'migrate':
      return runMigrate();
    case 'links':
      return runLinksCommand(positionals[0], values);
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirBusyError || err instanceof UsageError) {
    console.error(err.message);
  } else if (err instanceof AppError) {
    console.error(`Error (${err.code}): ${err.message}`);
  } else {
    console.error(err);
  }
  process.exit(err instanceof UsageError ? 2 : 1);
});
