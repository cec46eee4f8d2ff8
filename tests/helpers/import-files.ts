// Generated import files in each format Sling reads (our CSV, Bitly, YOURLS, Kutt), `n` rows each,
// with planned defects at fixed positions so a test knows every row's expected result:
// every 1000 rows, row …007 has an invalid URL, …013 a listed (unsafe) host, …021 an alias already
// taken in the workspace, …042 repeats the row before it. Every other row is created. A file of 42
// rows or more has each defect at least once. `series` (the format unless given) names the aliases
// and URLs, so two files of one format imported on one server do not share them.
import { feedHost } from './threat-feeds';

export type ImportFixtureFormat = 'csv' | 'bitly' | 'yourls' | 'kutt';

export type Expected = { result: 'created' } | { result: 'skipped'; reason: RegExp } | { result: 'refused'; reason: RegExp };

export const takenAlias = (series: string, i: number) => `taken-${series}-${Math.floor(i / 1000)}`;

interface Planned {
  url: string;
  alias?: string;
}

/** Row i (1-based) as planned, and what the import should make of it. */
export function plannedRow(format: ImportFixtureFormat, i: number, series: string = format): Planned & { expected: Expected } {
  const kind = i % 1000;
  // Our CSV gives an alias on every tenth row only; the other formats always carry the code.
  const alias = format === 'csv' && i % 10 !== 0 ? undefined : `${series}-${i}`;
  if (kind === 7) return { url: 'not a url', alias, expected: { result: 'refused', reason: /^invalid URL/ } };
  if (kind === 13) return { url: `https://${feedHost(2)}/x-${i}`, alias, expected: { result: 'refused', reason: /^unsafe URL: .*listed/ } };
  if (kind === 21) return { url: `https://example.com/${series}/${i}`, alias: takenAlias(series, i), expected: { result: 'skipped', reason: /alias taken/ } };
  if (kind === 42) return { ...plannedRow(format, i - 1, series), expected: { result: 'skipped', reason: new RegExp(`^duplicate of row ${i - 1}$`) } };
  return { url: `https://example.com/${series}/${i}?q=${i}`, alias, expected: { result: 'created' } };
}

/** How many of the first `n` rows each defect hits (the rows …007, …013, …021 and …042). */
export const plannedDefects = (n: number, kind: 7 | 13 | 21 | 42) => Math.floor(n / 1000) + (n % 1000 >= kind ? 1 : 0);

export function importFile(format: ImportFixtureFormat, n: number, series: string = format): string {
  const rows = Array.from({ length: n }, (_, k) => plannedRow(format, k + 1, series));
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  switch (format) {
    case 'csv':
      return (
        [
          'url,alias,expiration,password,tags',
          ...rows.map((r, k) => [q(r.url), r.alias ?? '', k % 100 === 5 ? '2031-01-31T00:00:00Z' : '', '', q('imported, batch')].join(',')),
        ].join('\r\n') + '\r\n'
      );
    case 'bitly':
      return (
        [
          'id,link,long_url,title,created_at,tags',
          ...rows.map((r, k) =>
            [`bit.ly/${r.alias}`, `https://bit.ly/${r.alias}`, q(r.url), q(`Title ${k}`), '2024-03-01T10:00:00+0000', 'from-bitly'].join(','),
          ),
        ].join('\n') + '\n'
      );
    case 'yourls':
      return (
        [
          'keyword,url,title,timestamp,ip,clicks',
          ...rows.map((r, k) => [r.alias, q(r.url), q(`Title, ${k}`), '2024-03-01 10:00:00', '127.0.0.1', String(k)].join(',')),
        ].join('\n') + '\n'
      );
    case 'kutt':
      return JSON.stringify({
        total: n,
        limit: n,
        skip: 0,
        data: rows.map((r, k) => ({
          id: `0000-${k}`,
          address: r.alias,
          banned: false,
          created_at: '2024-03-01T10:00:00.000Z',
          updated_at: '2024-03-01T10:00:00.000Z',
          link: `https://kutt.it/${r.alias}`,
          description: null,
          expire_in: null,
          password: false,
          target: r.url,
          visit_count: k,
          domain: null,
        })),
      });
  }
}
