// `tsx bench/click-transfer.ts`: the main thread's cost of handing a batch of clicks to another
// thread (lib/edge/click-transfer.ts's choice): the Click objects posted as they are (structured
// clone), as JSON text, and the compact encoding the click writer's thread uses. Prints µs a click,
// the best of several rounds of 20 batches of 5,000 (the receiving thread's work is not counted).
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Click } from '../lib/analytics/click';
import { encodeClicks } from '../lib/edge/click-transfer';

const BATCH = 5_000;
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

/** Fresh strings for every click, as request headers are. */
function batch(): Click[] {
  return Array.from({ length: BATCH }, (_, i) => ({
    linkId: 1 + (i % 1000),
    at: Date.now() + i,
    referrer: i % 3 ? undefined : `https://t.co/${i % 7}`.slice(0),
    userAgent: `${AGENTS[i % 3]} `.slice(0, -1),
    ip: `8.${i % 250}.${(i * 7) % 250}.1`,
  }));
}

const worker = new Worker(`require('node:worker_threads').parentPort.on('message', () => {})`, { eval: true });
const ways: Record<string, (b: Click[]) => void> = {
  'Click objects (structured clone)': (b) => worker.postMessage(b),
  'JSON text': (b) => worker.postMessage(JSON.stringify(b)),
  'compact (click-transfer.ts)': (b) => {
    const encoded = encodeClicks(b);
    worker.postMessage(encoded, [encoded.numbers.buffer as ArrayBuffer]);
  },
};
const best: Record<string, number> = {};
for (let round = 0; round < 10; round++) {
  for (const [name, send] of Object.entries(ways)) {
    let ms = 0;
    for (let i = 0; i < 20; i++) {
      const b = batch();
      const start = performance.now();
      send(b);
      ms += performance.now() - start;
    }
    if (round >= 2) best[name] = Math.min(best[name] ?? Infinity, (ms * 1000) / (20 * BATCH)); // the first rounds warm up
  }
}
console.log(
  `Handing ${BATCH.toLocaleString('en')}-click batches to another thread, main thread's µs a click (best of 8 rounds; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}):`,
);
for (const [name, us] of Object.entries(best)) console.log(`  ${name.padEnd(34)} ${us.toFixed(2)} µs`);
await worker.terminate();
