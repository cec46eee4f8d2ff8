// Feed parsing in every supported format, and the SAFETY_FEEDS setting.
import { describe, expect, test } from 'vitest';
import { parseEnv } from '../../lib/config/env';
import { parseFeed } from '../../lib/safety/feeds/parse-feed';
import { feedHost, feedUrl, hostList, openphish, phishtankCsv, urlhausCsv, urlhausText } from '../helpers/threat-feeds';

describe('parseFeed', () => {
  test('URLhaus CSV: the url column, normalised; comments skipped', async () => {
    const out = await parseFeed(urlhausCsv(3, ['http://Quoted.example/a,b?c="d"']));
    expect(out.urls).toEqual([
      '198.51.100.0:8080/bins/mozi-0.m',
      '198.51.100.1:8080/bins/mozi-1.m',
      '198.51.100.2:8080/bins/mozi-2.m',
      'quoted.example/a,b?c=%22d%22',
    ]);
    expect(out.hosts).toEqual([]);
    expect(out.skipped).toBe(0);
  });

  test('URLhaus text and OpenPhish: one URL a line, commas kept', async () => {
    expect((await parseFeed(urlhausText(2))).urls).toEqual(['dl-0.malware-cdn.example/payload-0.exe', 'dl-1.malware-cdn.example/payload-1.exe']);
    expect((await parseFeed(openphish(1) + 'https://x.example/a?b=1,2\n')).urls).toEqual([
      'login-0.phish.example/secure/account.php?session=0',
      'x.example/a?b=1,2',
    ]);
  });

  test('PhishTank CSV: the url column, not the detail page; the header is skipped', async () => {
    const out = await parseFeed(phishtankCsv(2));
    expect(out.urls).toEqual([new URL(feedUrl.phishtank(0)).href.replace('http://', ''), new URL(feedUrl.phishtank(1)).href.replace('http://', '')]);
    expect(out.skipped).toBe(1);
  });

  test('host lists: hosts-file and plain lines, adblock rules, IDNs as punycode; localhost never', async () => {
    const out = await parseFeed(hostList(2, ['||Ads.Tracker.example^', 'bücher-phish.example', 'not a host', '# c']));
    expect(out.hosts).toEqual([feedHost(0), feedHost(1), 'ads.tracker.example', 'xn--bcher-phish-thb.example']);
    expect(out.skipped).toBe(3); // localhost, 0.0.0.0, "not a host"
  });
});

describe('SAFETY_FEEDS', () => {
  test('a comma-separated list of URLs and file paths', () => {
    expect(parseEnv({}).SAFETY_FEEDS).toEqual([]);
    expect(parseEnv({ SAFETY_FEEDS: ' https://urlhaus.abuse.ch/downloads/csv_recent/ , /var/lib/sling/hosts.txt,' }).SAFETY_FEEDS).toEqual([
      'https://urlhaus.abuse.ch/downloads/csv_recent/',
      '/var/lib/sling/hosts.txt',
    ]);
  });

  test('anything else stops start-up naming the variable', () => {
    expect(() => parseEnv({ SAFETY_FEEDS: 'ftp://feeds.example/list' })).toThrow(/SAFETY_FEEDS must list http\(s\) URLs or file paths/);
  });
});
