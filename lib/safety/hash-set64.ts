// A compact set of strings for millions of threat-list entries: each string is kept only as a
// 64-bit hash in an open-addressing table (two Uint32 words per slot, plus one byte naming its
// source), ~18 bytes an entry instead of ~100 for a Set<string>. A false match needs a 64-bit
// collision (about 1 in 10^13 per lookup with 1M entries).

const EMPTY_TAG = 0; // a stored hash never has both words 0 (see hash64)

export class HashSet64 {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private src: Uint8Array;
  private mask: number;
  private count = 0;

  constructor(expected = 1024) {
    const cap = capacityFor(expected);
    this.hi = new Uint32Array(cap);
    this.lo = new Uint32Array(cap);
    this.src = new Uint8Array(cap);
    this.mask = cap - 1;
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table. */
  get bytes(): number {
    return this.hi.byteLength + this.lo.byteLength + this.src.byteLength;
  }

  /** Adds `key` with a source number (0–255); an existing key keeps its first source. */
  add(key: string, source: number): void {
    if ((this.count + 1) * 10 > (this.mask + 1) * 7) this.grow();
    hash64(key);
    this.insert(H[0], H[1], source);
  }

  /** The source number stored with `key`, or -1. */
  get(key: string): number {
    hash64(key);
    const h = H[0];
    const l = H[1];
    let i = l & this.mask;
    while (this.hi[i] !== EMPTY_TAG || this.lo[i] !== EMPTY_TAG) {
      if (this.hi[i] === h && this.lo[i] === l) return this.src[i];
      i = (i + 1) & this.mask;
    }
    return -1;
  }

  private insert(h: number, l: number, source: number): void {
    let i = l & this.mask;
    while (this.hi[i] !== EMPTY_TAG || this.lo[i] !== EMPTY_TAG) {
      if (this.hi[i] === h && this.lo[i] === l) return;
      i = (i + 1) & this.mask;
    }
    this.hi[i] = h;
    this.lo[i] = l;
    this.src[i] = source;
    this.count++;
  }

  private grow(): void {
    const { hi, lo, src } = this;
    const cap = hi.length * 2;
    this.hi = new Uint32Array(cap);
    this.lo = new Uint32Array(cap);
    this.src = new Uint8Array(cap);
    this.mask = cap - 1;
    this.count = 0;
    for (let i = 0; i < hi.length; i++) if (hi[i] !== EMPTY_TAG || lo[i] !== EMPTY_TAG) this.insert(hi[i], lo[i], src[i]);
  }
}

function capacityFor(n: number): number {
  let cap = 1024;
  while (cap * 7 < n * 10) cap *= 2;
  return cap;
}

/** The last hash, as two unsigned 32-bit words (no allocation per lookup). */
const H = new Uint32Array(2);

/** Two independent 32-bit FNV-1a/murmur-finalised lanes over the UTF-16 code units. */
function hash64(s: string): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  a ^= s.length;
  a = Math.imul(a ^ (a >>> 16), 0x85ebca6b);
  a = Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  b = Math.imul(b ^ (b >>> 16), 0x27d4eb2f);
  b = Math.imul(b ^ (b >>> 15), 0x165667b1);
  b ^= b >>> 16;
  H[0] = a;
  H[1] = b === 0 && a === 0 ? 1 : b;
}
