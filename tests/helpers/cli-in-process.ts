// `sling` command lines run in the test process through runCli, as a running server runs the ones
// forwarded over its admin socket (cli/admin-socket.ts): on one runtime opened for the test file
// (the database migrated, its default domain made), so a command does not cost a process and a
// database opening (about 2.5 s of CPU each on PGlite). Output and exit code are the command's own;
// tests of the process itself (exit status, stdin, one-line errors) keep runSling.
import { Readable } from 'node:stream';
import { runWithIo, type CliIo } from '../../cli/cli-io';
import { runCli } from '../../cli/run-cli';
import { openRuntime } from '../../lib/server/open-runtime';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface InProcessCli {
  /** As runSling(args, env, input) would answer, without the process. */
  run(args: string[], input?: string): Promise<CliRun>;
  /** Closes the runtime (and unlocks an embedded DATA_DIR); the CLI's own processes can use it then. */
  close(): Promise<void>;
}

/**
 * Puts `env` into this process's environment (the configuration is parsed once per process, as in
 * the server: one such CLI per test file) and opens the runtime the commands share.
 */
export async function openCliInProcess(env: Record<string, string>): Promise<InProcessCli> {
  // As runSling's processes run (tests/helpers/sling-process.ts).
  Object.assign(process.env, { SAFETY_DEEP_SCAN: 'false', ...env });
  const runtime = await openRuntime();
  let closed: Promise<void> | undefined;
  return {
    run: async (args, input = '') => {
      let stdout = '';
      let stderr = '';
      const io: CliIo = {
        out: (text) => void (stdout += text),
        err: (text) => void (stderr += text),
        stdin: Readable.from([input]),
        hosted: runtime,
      };
      const code = await runWithIo(io, () => runCli(args));
      return { code: code || io.exitCode || 0, stdout, stderr };
    },
    close: () => (closed ??= runtime.close()),
  };
}
