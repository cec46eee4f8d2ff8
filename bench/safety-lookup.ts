// Threat-list benchmark (part of `npm run bench`): 1,000,000 entries (half URLs, half hosts) in the
// in-memory list create-time scanning uses, then the cost of scanning one destination (list lookup
// of the URL and its host's parents, plus the heuristics). Prints memory and time per scan; the
// issue's target is < 0.1 ms per link. Run with --expose-gc for exact heap numbers.
import { suspicionReasons } from '../lib/safety/heuristics';
import { ThreatList } from '../lib/safety/threat-list';

const ENTRIES = Number(process.env.BENCH_SAFETY_ENTRIES ?? 1_000_000);
const SCANS = 200_000;
const gc = (globalThis as { gc?: () => void }).gc;

/** JS heap plus ArrayBuffers (the table's typed arrays live outside the heap). */
function heapMb(): number {
  gc?.();
  const m = process.memoryUsage();
  return (m.heapUsed + m.arrayBuffers) / 2 ** 20;
}
function rssMb(): number {
  return process.memoryUsage().rss / 2 ** 20;
}

const heap0 = heapMb();
const rss0 = rssMb();
let t = performance.now();
const list = new ThreatList(ENTRIES);
for (let i = 0; i < ENTRIES / 2; i++) {
  list.add('url', `phish-${i}.example.net/login/${i.toString(36)}.php?id=${i}`, i % 3 === 0 ? 'urlhaus' : 'openphish');
  list.add('host', `malware-${i}.example.org`, 'hosts');
}
const buildMs = performance.now() - t;
const heap1 = heapMb();
const rss1 = rssMb();

// Destinations as users send them: mostly clean, some listed, a few suspicious.
const urls: string[] = [];
for (let i = 0; i < 1000; i++) {
  if (i % 10 === 0) urls.push(`https://phish-${i * 37}.example.net/login/${(i * 37).toString(36)}.php?id=${i * 37}`);
  else if (i % 10 === 1) urls.push(`http://cdn.malware-${i * 11}.example.org/payload.bin`);
  else if (i % 10 === 2) urls.push(`https://bit.ly/x${i}`);
  else urls.push(`https://www.site-${i}.example.com/articles/2026/11/${i}?utm_source=newsletter&utm_medium=email`);
}

let hits = 0;
const scan = (u: string) => {
  if (list.match(u)) hits++;
  else suspicionReasons(new URL(u));
};
for (let i = 0; i < 20_000; i++) scan(urls[i % urls.length]); // warm-up
t = performance.now();
for (let i = 0; i < SCANS; i++) scan(urls[i % urls.length]);
const scanUs = ((performance.now() - t) * 1000) / SCANS;

t = performance.now();
for (let i = 0; i < SCANS; i++) list.match(urls[i % urls.length]);
const matchUs = ((performance.now() - t) * 1000) / SCANS;

// The plain alternative, for comparison: the same keys in a Set<string>.
const heap2 = heapMb();
const plain = new Set<string>();
for (let i = 0; i < ENTRIES / 2; i++) {
  plain.add(`u phish-${i}.example.net/login/${i.toString(36)}.php?id=${i}`);
  plain.add(`h malware-${i}.example.org`);
}
const plainMb = heapMb() - heap2;

console.log('\nThreat lists (create-time scanning)');
console.log(
  `  entries loaded               ${list.size.toLocaleString('en')} (${(ENTRIES / 2).toLocaleString('en')} URLs + ${(ENTRIES / 2).toLocaleString('en')} hosts)`,
);
console.log(`  build time                   ${buildMs.toFixed(0)} ms`);
console.log(`  table size                   ${(list.bytes / 2 ** 20).toFixed(1)} MB (${(list.bytes / list.size).toFixed(1)} bytes/entry)`);
console.log(
  `  heap + buffers growth        ${(heap1 - heap0).toFixed(1)} MB${gc ? '' : ' (approximate: run with NODE_OPTIONS=--expose-gc)'}; RSS growth ${(rss1 - rss0).toFixed(1)} MB`,
);
console.log(`  same keys in a Set<string>   ${plainMb.toFixed(1)} MB`);
console.log(`  list lookup per URL          ${matchUs.toFixed(2)} µs (URL + host and its parents)`);
console.log(`  full scan per URL            ${scanUs.toFixed(2)} µs (lookup + heuristics; target < 100 µs)`);
console.log(`  listed among scans           ${((hits / SCANS) * 100).toFixed(0)} %`);
if (plain.size === 0) console.log(''); // keeps `plain` alive until measured
