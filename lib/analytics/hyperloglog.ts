// HyperLogLog with 2^14 registers (standard error 1.04/√16384 ≈ 0.81 %), estimated with Ertl's
// improved estimator ("New cardinality estimation algorithms for HyperLogLog sketches", 2017), which
// needs no bias tables and stays unbiased from one visitor to billions. The database hashes
// (REGISTERS_SQL) so sketches built by the job and registers read from raw clicks at query time
// always agree; merging two sketches is the register-wise maximum.
export const PRECISION = 14;
export const REGISTERS = 1 << PRECISION;
/** Bits of the 64-bit hash left after the register index: register values run 0..Q + 1. */
const Q = 64 - PRECISION;

/**
 * (reg, rho) of the visitors of the raw clicks matching `where`, one row per register (per link
 * and per UTC hour too, with `perLink` and `perHour`) with its maximum: reg is the hash's low 14 bits, rho the position of the
 * first 1 in the top 50 bits (51 when they are all 0). hashtextextended is PostgreSQL's own
 * (PGlite's is the same function and gives the same hashes).
 */
export function registersSql(where: string, opts: { perLink?: boolean; perHour?: boolean } = {}): string {
  const keys = [...(opts.perLink ? ['link_id'] : []), ...(opts.perHour ? ['hour'] : [])];
  const inner = [...(opts.perLink ? ['link_id'] : []), ...(opts.perHour ? [`date_trunc('hour', clicked_at, 'UTC') AS hour`] : [])];
  const k = (list: string[]) => list.map((x) => `${x}, `).join('');
  return `SELECT ${k(keys)}(h & ${REGISTERS - 1})::int AS reg,
       max(coalesce(nullif(position(B'1' in substring(h::bit(64) from 1 for ${Q})), 0), ${Q + 1}))::int AS rho
     FROM (SELECT ${k(inner)}hashtextextended(visitor, 0) AS h FROM clicks WHERE ${where} AND visitor IS NOT NULL) v
     GROUP BY ${Array.from({ length: keys.length + 1 }, (_, i) => i + 1).join(', ')}`;
}

/**
 * The same registers as registersSql, but every click's (reg, top 50 bits) returned in two arrays
 * and folded here: on PGlite, for the few tens of thousands of raw clicks a query reads, a third of
 * the CPU of its grouping (PostgreSQL groups faster than pg parses the arrays). The top bits fit a
 * double exactly (< 2^53).
 */
export function hashesSql(where: string): string {
  return `SELECT coalesce(array_agg((h & ${REGISTERS - 1})::int), '{}') AS regs, coalesce(array_agg(((h >> ${PRECISION}) & ${2 ** Q - 1})::float8), '{}') AS tops
     FROM (SELECT hashtextextended(visitor, 0) AS h FROM clicks WHERE ${where} AND visitor IS NOT NULL) v`;
}

/** Raises registers to the clicks read by hashesSql. */
export function addHashes(registers: Uint8Array, regs: number[], tops: number[]): Uint8Array {
  for (let i = 0; i < regs.length; i++) {
    const top = Number(tops[i]);
    const high = Math.floor(top / 2 ** 32);
    const bits = high > 0 ? 64 - Math.clz32(high) : 32 - Math.clz32(top >>> 0);
    const rho = Q - bits + 1; // the first 1's position in the top Q bits; Q + 1 when there is none
    if (rho > registers[regs[i]]) registers[regs[i]] = rho;
  }
  return registers;
}

export function emptyRegisters(): Uint8Array {
  return new Uint8Array(REGISTERS);
}

/** Raises registers to the (reg, rho) pairs read by registersSql. */
export function addRegisters(registers: Uint8Array, rows: Iterable<{ reg: number; rho: number }>): Uint8Array {
  for (const { reg, rho } of rows) if (rho > registers[reg]) registers[reg] = rho;
  return registers;
}

const DENSE = 1;
const SPARSE = 2;

/**
 * A sketch as stored (bytea): a format byte, then either every register (16,385 bytes) or, for the
 * many links with few visitors a day, only the non-zero ones as (uint16 index, uint8 value).
 */
export function encodeSketch(registers: Uint8Array): Buffer {
  let used = 0;
  for (const r of registers) if (r !== 0) used++;
  if (used * 3 >= REGISTERS) return Buffer.concat([Buffer.from([DENSE]), registers]);
  const out = Buffer.alloc(1 + used * 3);
  out[0] = SPARSE;
  let at = 1;
  for (let i = 0; i < REGISTERS; i++) {
    if (registers[i] === 0) continue;
    out.writeUInt16BE(i, at);
    out[at + 2] = registers[i];
    at += 3;
  }
  return out;
}

/** Merges a stored sketch into registers (the register-wise maximum). */
export function mergeSketch(registers: Uint8Array, sketch: Uint8Array): Uint8Array {
  if (sketch[0] === DENSE && sketch.length === REGISTERS + 1) {
    for (let i = 0; i < REGISTERS; i++) if (sketch[i + 1] > registers[i]) registers[i] = sketch[i + 1];
  } else if (sketch[0] === SPARSE && (sketch.length - 1) % 3 === 0) {
    for (let at = 1; at < sketch.length; at += 3) {
      const i = (sketch[at] << 8) | sketch[at + 1];
      if (sketch[at + 2] > registers[i]) registers[i] = sketch[at + 2];
    }
  } else {
    throw new Error(`Not a HyperLogLog sketch (format ${sketch[0]}, ${sketch.length} bytes).`);
  }
  return registers;
}

/** The estimated number of distinct visitors (Ertl 2017, algorithm 6). */
export function estimate(registers: Uint8Array): number {
  const counts = new Array<number>(Q + 2).fill(0);
  for (const r of registers) counts[r]++;
  const m = REGISTERS;
  if (counts[0] === m) return 0;
  let z = m * tau(1 - counts[Q + 1] / m);
  for (let k = Q; k >= 1; k--) z = 0.5 * (z + counts[k]);
  z += m * sigma(counts[0] / m);
  return Math.round((m * m) / (2 * Math.LN2) / z);
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (z !== previous);
  return z;
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  let previous: number;
  do {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
  } while (z !== previous);
  return z / 3;
}
