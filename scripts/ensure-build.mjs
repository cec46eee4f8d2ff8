// Builds (Next + server bundle) when there is no build yet or a source file is newer than it,
// so `npm start`, `npm test` and `npm run bench` work on a fresh clone. While it builds, each phase is
// one line with the seconds since the start (on a terminal, the running phase counts up); the build's
// own output is shown only when it fails (or all of it with SLING_BUILD_VERBOSE=1).
// `npm run build` writes the stamp itself (scripts/build-stamp.mjs, its first and last steps: the stamp
// carries the build's start), so a manual build counts too.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { STAMP } from './build-stamp.mjs';
const SOURCES = ['app', 'components', 'lib', 'db', 'cli', 'packages', 'public', 'server.ts', 'next.config.mjs', 'package.json', 'tsconfig.json'];

/** A line of the build's output that starts a phase, and the phase's name here (Next's wording may change: an unknown line is only not shown). */
const PHASES = [
  [/Creating an optimized production build/, 'compiling the app (Next.js)'],
  [/Running TypeScript/, 'checking types'],
  [/Collecting page data/, 'collecting page data'],
  [/Generating static pages.*\(0\//, 'rendering static pages'],
  [/Finalizing page optimization/, 'finalizing'],
  [/Bundling the server/, 'bundling the server (esbuild)'],
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  // A workspace package's own build output and dependencies are not sources (npm pack builds packages/sdk/dist).
  for (const name of readdirSync(path)) if (name !== 'dist' && name !== 'node_modules') max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Runs `npm run build`; resolves with its exit code and its whole output, calling `onLine` for each line. */
function runBuild(verbose, onLine) {
  const child = spawn('npm run build', { shell: true, stdio: verbose ? 'inherit' : 'pipe', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const output = [];
  for (const stream of verbose ? [] : [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => output.push(chunk));
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', onLine);
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output: Buffer.concat(output).toString() })));
}

const built = existsSync(STAMP) && existsSync('.next/BUILD_ID') ? statSync(STAMP).mtimeMs : 0;
const changed = Math.max(...SOURCES.map(newest));
if (built === 0 || changed > built) {
  console.log(built === 0 ? 'Building Sling (first run: a minute or two)…' : 'Sources changed; rebuilding Sling…');
  const started = Date.now();
  const seconds = (since) => Math.round((Date.now() - since) / 1000);
  const verbose = process.env.SLING_BUILD_VERBOSE === '1';
  const live = !verbose && process.stdout.isTTY;
  let phase = null; // the running one: { line, since }
  const render = () => process.stdout.write(`\r\x1b[K${phase.line}… ${seconds(phase.since)} s`);
  // On a terminal the running phase's line is rewritten each second, and closed with its duration.
  const close = () => phase && live && process.stdout.write(`\r\x1b[K${phase.line} (${seconds(phase.since)} s)\n`);
  const ticker = live ? setInterval(() => phase && render(), 1000) : null;
  const { code, output } = await runBuild(verbose, (text) => {
    const name = PHASES.find(([pattern]) => pattern.test(text))?.[1];
    if (!name) return;
    close();
    phase = { line: `  ${String(seconds(started)).padStart(4)} s  ${name}`, since: Date.now() };
    if (live) render();
    else console.log(phase.line);
  });
  if (ticker) clearInterval(ticker);
  close();
  if (code !== 0) {
    if (!verbose) process.stderr.write(output);
    console.error('The build failed (its output is above).');
    process.exit(1);
  }
  console.log(`Built in ${seconds(started)} s.`);
}
