// Reading import files: the format detected from the file, each format's columns mapped to link
// fields (docs/guide/importing.md), quoted cells, a headerless YOURLS export, Bitly back-halves.
import { describe, expect, test } from 'vitest';
import { detectFormat, readRows, type InputRow } from '../../lib/imports/read-rows';
import type { ImportFormat } from '../../lib/imports/import-schema';

async function rows(text: string, format: ImportFormat): Promise<InputRow[]> {
  const out: InputRow[] = [];
  for await (const r of readRows(Buffer.from(text), format)) out.push(r);
  return out;
}

describe('import files', () => {
  test('the format is detected from the file', () => {
    expect(detectFormat(Buffer.from('{"data":[]}'))).toBe('kutt');
    expect(detectFormat(Buffer.from('  [{"target":"https://a.example"}]'))).toBe('kutt');
    expect(detectFormat(Buffer.from('\uFEFFkeyword,url,title,timestamp,ip,clicks\n'))).toBe('yourls');
    expect(detectFormat(Buffer.from('"Bitlink","Long URL","Title"\n'))).toBe('bitly');
    expect(detectFormat(Buffer.from('id,link,long_url,title,created_at,tags\n'))).toBe('bitly');
    expect(detectFormat(Buffer.from('url,alias,expiration,password,tags\n'))).toBe('csv');
  });

  test('our CSV: columns by name in any order, quoted cells, tags split, row numbers without the header', async () => {
    const read = await rows(
      'Tags,URL,Alias,Expiration,Password\r\n"a, b",https://example.com/1,one,2030-01-01,secret1\r\n,"https://example.com/2?x=""y""",,,\r\n',
      'csv',
    );
    expect(read).toEqual([
      {
        rowNumber: 1,
        input: '"a, b",https://example.com/1,one,2030-01-01,secret1',
        fields: { url: 'https://example.com/1', alias: 'one', expiration: '2030-01-01', password: 'secret1', tags: ['a', 'b'] },
      },
      {
        rowNumber: 2,
        input: ',"https://example.com/2?x=""y""",,,',
        fields: { url: 'https://example.com/2?x="y"', alias: undefined, expiration: undefined, password: undefined, tags: undefined },
      },
    ]);
  });

  test('Bitly: the short link back-half is the alias; YOURLS with and without a header; Kutt JSON', async () => {
    expect((await rows('Bitlink,Long URL,Title,Tags\nbit.ly/3xYz9,https://example.com/b,T,x|y\n', 'bitly'))[0].fields).toMatchObject({
      url: 'https://example.com/b',
      alias: '3xYz9',
      tags: ['x', 'y'],
    });
    expect(
      (await rows('keyword,url,title,timestamp,ip,clicks\nabc,https://example.com/y,"T, t",2024-01-01 00:00:00,1.2.3.4,5\n', 'yourls'))[0].fields,
    ).toMatchObject({ url: 'https://example.com/y', alias: 'abc' });
    expect((await rows('abc,https://example.com/y,T,2024-01-01 00:00:00,1.2.3.4,5\n', 'yourls'))[0].fields).toMatchObject({
      url: 'https://example.com/y',
      alias: 'abc',
    });
    const kutt = await rows(
      JSON.stringify({ data: [{ address: 'k1', target: 'https://example.com/k', expire_in: '2030-01-01T00:00:00Z', password: true, description: 'd' }] }),
      'kutt',
    );
    expect(kutt[0]).toMatchObject({ rowNumber: 1, fields: { url: 'https://example.com/k', alias: 'k1', expiration: '2030-01-01T00:00:00Z' } });
    await expect(rows('{"data": [', 'kutt')).rejects.toThrow(/not valid JSON/);
  });
});
