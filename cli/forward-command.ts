// The `sling` side of the admin socket (admin-socket.ts): when a live server holds the embedded
// database's DATA_DIR, the command line (and the password, read here from stdin or a prompt) goes
// to that server, and its output and exit code come back as if the command had run here. With no
// live server, or no answer on its socket, nothing is forwarded and the command runs here (and,
// if the directory is still locked, says so as before).
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { loadConfig } from '../lib/config/load-config';
import { liveLockHolder } from '../lib/runtime/data-dir-lock';
import { adminSocketPath } from './admin-socket';
import { readPassword } from './read-password';
import { commandLineRunsRemotely } from './remote/remote-mode';

const LOCAL_ONLY = new Set([undefined, 'start', 'mcp', 'help', '--help', '-h']);

/** The forwarded command's exit code, or null when it should run here. */
export async function forwardToServer(argv: string[]): Promise<number | null> {
  if (LOCAL_ONLY.has(argv[0]) || argv.includes('--help') || argv.includes('-h') || commandLineRunsRemotely(argv)) return null;
  let path: string;
  try {
    const config = loadConfig();
    if (config.DATABASE_URL || liveLockHolder(config.DATA_DIR) === null) return null;
    path = adminSocketPath(config.DATA_DIR);
  } catch {
    return null; // a bad environment is reported by the local run
  }
  if (!existsSync(path)) return null;
  const request = await withInput(argv);
  return send(path, request);
}

/** The password travels as stdin; a prompt is shown here, where the terminal is. */
async function withInput(argv: string[]): Promise<{ argv: string[]; stdin?: string }> {
  if (argv.includes('--password-stdin')) return { argv, stdin: await readAll(process.stdin) };
  const createsUser = argv[0] === 'users' && argv.includes('create');
  if (createsUser && !argv.some((a) => a === '--password' || a.startsWith('--password='))) {
    // Without a terminal to prompt on, the server answers as the command would here.
    const password = await readPassword({}).catch(() => undefined);
    if (password !== undefined) return { argv: [...argv, '--password-stdin'], stdin: password };
  }
  return { argv };
}

function send(path: string, request: { argv: string[]; stdin?: string }): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    let connected = false;
    let exit: number | null = null;
    let buffered = '';
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\n')) !== -1) {
        const frame = JSON.parse(buffered.slice(0, end)) as { out?: string; err?: string; exit?: number };
        buffered = buffered.slice(end + 1);
        if (frame.out !== undefined) process.stdout.write(frame.out);
        if (frame.err !== undefined) process.stderr.write(frame.err);
        if (frame.exit !== undefined) exit = frame.exit;
      }
    });
    // Refused or gone before connecting: not a live server's socket; the command runs here.
    socket.on('error', () => {
      if (!connected) resolve(null);
    });
    socket.on('close', () => {
      if (!connected) return;
      if (exit === null) process.stderr.write('The running server closed the admin socket before the command finished.\n');
      resolve(exit ?? 1);
    });
  });
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}
