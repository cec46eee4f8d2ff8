// CSV cells of the click export: RFC 4180 quoting, and no cell a spreadsheet would run as a formula.
import { describe, expect, test } from 'vitest';
import { csvField } from '../../lib/core/csv-field';
import { parseCsv } from '../helpers/csv';

describe('csvField', () => {
  test.each([
    // [value, cell as written, cell as read back by an RFC 4180 reader]
    [`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`, `'=HYPERLINK("http://x","y")`],
    ['+1', "'+1", "'+1"],
    ['-1', "'-1", "'-1"],
    ['@SUM(1)', "'@SUM(1)", "'@SUM(1)"],
    ['\t=1', "'\t=1", "'\t=1"],
    ['\r=1', `"'\r=1"`, "'\r=1"],
    ['=1,2', `"'=1,2"`, "'=1,2"],
  ])('neutralises %j', (value, written, readBack) => {
    expect(csvField(value)).toBe(written);
    expect(parseCsv(`${csvField(value)},x\r\n`)).toEqual([[readBack, 'x']]);
  });

  test.each([
    ['https://news.ycombinator.com/item?id=1', 'https://news.ycombinator.com/item?id=1'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)'],
    ['a=b+c-d@e', 'a=b+c-d@e'],
    ['2026-04-01T10:00:00.000Z', '2026-04-01T10:00:00.000Z'],
    ['::1', '::1'],
    ['', ''],
    ['Agent, with "quotes"\nand a newline', '"Agent, with ""quotes""\nand a newline"'],
  ])('leaves %j as it is, quoted by RFC 4180 where needed', (value, written) => {
    expect(csvField(value)).toBe(written);
    expect(parseCsv(`${written},x\r\n`)).toEqual([[value, 'x']]);
  });

  test('numbers, booleans and missing values are written plainly', () => {
    expect(csvField(42)).toBe('42');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });
});
