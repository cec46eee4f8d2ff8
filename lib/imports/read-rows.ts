// Reads an uploaded file as rows of link fields, streamed (csv-parse), whatever its format: our CSV,
// a Bitly export, a YOURLS export or a Kutt export (API v2 links JSON). Column names are matched
// case-insensitively, with spaces and hyphens read as "_"; docs/guide/importing.md lists each format's mapping.
// Reading gives the event loop a turn every ROWS_PER_TURN rows: a stream's async iteration alone
// never does (its promises settle as microtasks), so a million-row file would hold every redirect of
// the process until it was read through (docs/guide/importing.md, "Limits").
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { nextTurn } from '../core/next-turn';
import type { ImportFormat } from './import-schema';

export interface RowFields {
  url?: string;
  alias?: string;
  expiration?: string;
  password?: string;
  tags?: string[];
}

export interface InputRow {
  /** 1-based, data rows only. */
  rowNumber: number;
  /** The row as read, for the report (at most 500 characters). */
  input: string;
  fields: RowFields;
}

const MAX_INPUT = 500;
const CHUNK = 4 * 1024;
/** Rows read between two turns of the event loop (a few milliseconds of parsing). */
export const ROWS_PER_TURN = 250;

/** Which source field each of ours comes from, per CSV format (first present wins). */
const CSV_COLUMNS: Record<Exclude<ImportFormat, 'kutt'>, Record<keyof RowFields, string[]>> = {
  csv: {
    url: ['url', 'long_url', 'destination', 'target'],
    alias: ['alias', 'short_code', 'code', 'slug', 'keyword'],
    expiration: ['expiration', 'expires_at', 'expire_in'],
    password: ['password'],
    tags: ['tags', 'tag'],
  },
  // Bitly's links export: the short link's back-half becomes the alias.
  bitly: {
    url: ['long_url', 'destination', 'original_url', 'url'],
    alias: ['bitlink', 'link', 'short_link', 'short_url', 'custom_bitlink', 'back_half'],
    expiration: ['expiration_at', 'expires_at'],
    password: [],
    tags: ['tags'],
  },
  // YOURLS (admin export / export plugins): keyword, url, title, timestamp, ip, clicks.
  yourls: {
    url: ['url', 'long_url'],
    alias: ['keyword', 'shorturl', 'short_url'],
    expiration: [],
    password: [],
    tags: [],
  },
};

/** YOURLS export plugins that write no header row write these columns in this order. */
const YOURLS_POSITIONAL = ['keyword', 'url', 'title', 'timestamp', 'ip', 'clicks'];

export const normalizeHeader = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The format a file looks like: JSON is Kutt's; a CSV header names YOURLS' or Bitly's columns. */
export function detectFormat(head: Buffer): ImportFormat {
  const text = head
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'kutt';
  const header = text
    .split(/\r?\n/, 1)[0]
    .split(',')
    .map((h) => normalizeHeader(h.replace(/^"|"$/g, '')));
  if (header.includes('keyword')) return 'yourls';
  if (header.includes('bitlink') || header.includes('long_url') || (header.includes('link') && header.includes('title'))) return 'bitly';
  return 'csv';
}

/** The rows of `data` read as `format`. */
export async function* readRows(data: Buffer, format: ImportFormat): AsyncGenerator<InputRow> {
  if (format === 'kutt') {
    yield* readKutt(data);
    return;
  }
  let columns: string[] | undefined;
  let rowNumber = 0;
  const parser = Readable.from(chunks(data)).pipe(
    parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, raw: true }),
  );
  for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
    if (!columns) {
      const header = record.map(normalizeHeader);
      const mapping = CSV_COLUMNS[format];
      if (header.some((h) => mapping.url.includes(h))) {
        columns = header;
        continue;
      }
      // No header row: YOURLS plugins' fixed order, or ours (url, alias, expiration, password, tags).
      columns = format === 'yourls' ? YOURLS_POSITIONAL : ['url', 'alias', 'expiration', 'password', 'tags'];
    }
    rowNumber++;
    yield { rowNumber, input: raw.replace(/^[\r\n]+|[\r\n]+$/g, '').slice(0, MAX_INPUT), fields: fieldsOf(format, columns, record) };
    if (rowNumber % ROWS_PER_TURN === 0) await nextTurn();
  }
}

/** How many rows `data` holds (a first pass, so progress has a total). */
export async function countRows(data: Buffer, format: ImportFormat): Promise<number> {
  let n = 0;
  for await (const _ of readRows(data, format)) n++;
  return n;
}

function fieldsOf(format: Exclude<ImportFormat, 'kutt'>, columns: string[], record: string[]): RowFields {
  const mapping = CSV_COLUMNS[format];
  const pick = (names: string[]) => {
    for (const name of names) {
      const i = columns.indexOf(name);
      if (i !== -1 && record[i] !== undefined && record[i] !== '') return record[i];
    }
    return undefined;
  };
  const alias = pick(mapping.alias);
  const tags = pick(mapping.tags);
  return {
    url: pick(mapping.url),
    // Bitly (and YOURLS' shorturl) give the whole short link: its last path segment is the code.
    alias: alias === undefined ? undefined : backHalf(alias),
    expiration: pick(mapping.expiration),
    password: pick(mapping.password),
    tags:
      tags === undefined
        ? undefined
        : tags
            .split(/[|;,]/)
            .map((t) => t.trim())
            .filter(Boolean),
  };
}

function backHalf(value: string): string {
  if (!value.includes('/')) return value;
  const path = value.replace(/^[a-z]+:\/\//i, '').split(/[?#]/, 1)[0];
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Kutt's GET /api/v2/links answer ({ data: [...] }) or a plain array of its link objects. */
async function* readKutt(data: Buffer): AsyncGenerator<InputRow> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError('The file is not valid JSON (a Kutt export is the JSON of GET /api/v2/links).');
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown })?.data;
  if (!Array.isArray(list)) throw new ImportFileError('A Kutt export is a JSON array of links, or an object with them in "data".');
  let rowNumber = 0;
  for (const item of list) {
    rowNumber++;
    const o = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);
    yield {
      rowNumber,
      input: JSON.stringify(item).slice(0, MAX_INPUT),
      fields: { url: text(o.target), alias: text(o.address), expiration: text(o.expire_in) },
    };
    if (rowNumber % ROWS_PER_TURN === 0) await nextTurn();
  }
}

function* chunks(data: Buffer): Generator<Buffer> {
  for (let i = 0; i < data.length; i += CHUNK) yield data.subarray(i, i + CHUNK);
}

/** The file as a whole cannot be read (the import fails with this message). */
export class ImportFileError extends Error {}
