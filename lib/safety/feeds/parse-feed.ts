// Reads a threat feed's text in any of the formats Sling imports, line by line, without being told
// which: URLhaus CSV (quoted fields, the URL third) and its plain-text URL list, OpenPhish and
// PhishTank-style URL lists (PhishTank's CSV has the URL second, before its detail-page link), and
// host lists (one host a line, hosts-file "0.0.0.0 evil.example" lines, adblock "||evil.example^").
// A line's first http(s) field is its URL; comments (# ! ;) and headers are skipped.
import { normalizeHost, normalizeUrl } from '../normalize-url';

export interface FeedEntries {
  urls: string[];
  hosts: string[];
  /** Lines that were neither a comment nor an entry. */
  skipped: number;
}

const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const NOT_HOSTS = new Set(['localhost', 'localhost.localdomain', '0.0.0.0', '127.0.0.1', 'broadcasthost']);
/** Lines parsed between yields to the event loop (a feed can have a million). */
const SLICE = 10_000;

export async function parseFeed(text: string): Promise<FeedEntries> {
  const out: FeedEntries = { urls: [], hosts: [], skipped: 0 };
  let start = 0;
  let n = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    parseLine(text.slice(start, end).trim(), out);
    start = end + 1;
    if (++n % SLICE === 0) await new Promise((r) => setImmediate(r));
  }
  return out;
}

function parseLine(line: string, out: FeedEntries): void {
  if (line === '' || line[0] === '#' || line[0] === '!' || line[0] === ';') return;
  const url = firstUrl(line);
  if (url !== undefined) {
    const normal = normalizeUrl(url);
    if (normal) out.urls.push(normal);
    else out.skipped++;
    return;
  }
  const host = hostOf(line);
  if (host) out.hosts.push(host);
  else out.skipped++;
}

/** The first field that is an http(s) URL: the whole line, or a (quoted) CSV field. */
function firstUrl(line: string): string | undefined {
  if (/^https?:\/\//i.test(line)) return line; // a plain list: commas belong to the URL
  if (!/https?:\/\//i.test(line)) return undefined;
  for (const field of csvFields(line)) if (/^https?:\/\//i.test(field)) return field;
  return undefined;
}

function hostOf(line: string): string | null {
  let token =
    line
      .split(/\s+/)
      .filter((t) => t !== '' && !t.startsWith('#'))
      .pop() ?? '';
  if (token.startsWith('||')) token = token.slice(2).replace(/\^.*$/, '');
  const host = normalizeHost(token);
  return host !== null && HOST.test(host) && !NOT_HOSTS.has(host) ? host : null;
}

/** Comma-separated fields, double quotes around a field and "" inside one. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else value += line[i++];
      }
      fields.push(value);
      i = line.indexOf(',', i) === -1 ? line.length + 1 : line.indexOf(',', i) + 1;
    } else {
      const end = line.indexOf(',', i);
      fields.push(line.slice(i, end === -1 ? line.length : end).trim());
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return fields;
}
