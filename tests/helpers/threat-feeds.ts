// Fixture threat feeds in the formats Sling imports, generated with `n` entries each: URLhaus CSV
// and text, an OpenPhish-style URL list, a PhishTank-style CSV, and a hosts-file host list.
// Entry i of each feed is predictable, so a test can pick listed URLs and hosts.

export const feedUrl = {
  urlhausCsv: (i: number) => `http://198.51.100.${i % 250}:8080/bins/mozi-${i}.m`,
  urlhausText: (i: number) => `https://dl-${i}.malware-cdn.example/payload-${i}.exe`,
  openphish: (i: number) => `https://login-${i}.phish.example/secure/account.php?session=${i}`,
  phishtank: (i: number) => `http://verify-${i}.bank-phish.example/signin/`,
};
export const feedHost = (i: number) => `c2-${i}.botnet.example`;

export function urlhausCsv(n: number, extra: string[] = []): string {
  const lines = [
    '################################################################',
    '# abuse.ch URLhaus Database Dump (CSV - recent URLs)          #',
    '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter',
    '################################################################',
  ];
  for (let i = 0; i < n; i++) {
    lines.push(
      `"${3000000 + i}","2026-11-22 10:00:00","${feedUrl.urlhausCsv(i)}","online","2026-11-22 10:00:00","malware_download","elf,mozi","https://urlhaus.abuse.ch/url/${3000000 + i}/","lrz_urlhaus"`,
    );
  }
  for (const url of extra)
    lines.push(`"1","2026-11-22 10:00:00","${url.replaceAll('"', '""')}","online","","malware_download","","https://urlhaus.abuse.ch/url/1/","tester"`);
  return lines.join('\r\n') + '\r\n';
}

export function urlhausText(n: number): string {
  const lines = ['# URLhaus plain-text URL list', '# Terms of use: https://urlhaus.abuse.ch/api/'];
  for (let i = 0; i < n; i++) lines.push(feedUrl.urlhausText(i));
  return lines.join('\n') + '\n';
}

export function openphish(n: number): string {
  return Array.from({ length: n }, (_, i) => feedUrl.openphish(i)).join('\n') + '\n';
}

export function phishtankCsv(n: number): string {
  const lines = ['phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target'];
  for (let i = 0; i < n; i++) {
    lines.push(
      `${9000000 + i},${feedUrl.phishtank(i)},http://www.phishtank.com/phish_detail.php?phish_id=${9000000 + i},2026-11-22T09:00:00+00:00,yes,2026-11-22T09:10:00+00:00,yes,Other`,
    );
  }
  return lines.join('\n') + '\n';
}

export function hostList(n: number, extra: string[] = []): string {
  const lines = ['# Blocklist in hosts-file format', '127.0.0.1 localhost', '0.0.0.0 0.0.0.0'];
  for (let i = 0; i < n; i++) lines.push(i % 2 === 0 ? `0.0.0.0 ${feedHost(i)}` : feedHost(i));
  for (const h of extra) lines.push(h);
  return lines.join('\n') + '\n';
}
