// The password for `sling users create`, kept out of shell history and the process list: from stdin
// with --password-stdin, else from a prompt that does not echo when stdin is a terminal. --password
// still works for old scripts, with a warning.
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { hostedRuntime, input, printError } from './cli-io';
import { UsageError } from './usage-error';

export interface PasswordOptions {
  password?: string;
  'password-stdin'?: boolean;
}

export async function readPassword(values: PasswordOptions): Promise<string> {
  if (values['password-stdin'] && values.password !== undefined) throw new UsageError('Use either --password-stdin or --password, not both');
  if (values['password-stdin']) return stripNewline(await readAll(input()));
  if (values.password !== undefined) {
    printError('Warning: --password leaves the password in your shell history and the process list; use --password-stdin or the prompt.');
    return values.password;
  }
  // A server running a forwarded command has no terminal of the caller's to prompt on.
  if (!process.stdin.isTTY || hostedRuntime())
    throw new UsageError('--password-stdin is required when stdin is not a terminal (e.g. `printf %s "$PW" | sling users create --email E --password-stdin`)');
  const first = await prompt('Password: ');
  const second = await prompt('Repeat the password: ');
  if (first !== second) throw new UsageError('The passwords do not match');
  return first;
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** `echo pw | …` adds one newline; a password may end in spaces, so only that newline goes. */
function stripNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}

/** One line from the terminal, with the typed characters not echoed. */
export function prompt(question: string): Promise<string> {
  process.stderr.write(question);
  const muted = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  return new Promise((resolve) => {
    rl.question('', (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}
