// `npm run bench`, HTTPS part: a redirect on a custom domain over Sling's HTTPS listener (SNI,
// TLS 1.3, keep-alive) against a bare node:https server with the same certificate, in the same
// run. The certificate is self-signed, made now with `openssl`; the domain, its link and its
// certificate (key sealed under SECRET_KEY, as the ACME job stores it) are seeded before Sling
// starts. autocannon drives both (it sends SNI; wrk cannot name a host it does not resolve).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { certificates, domains, links, SYSTEM_WORKSPACE_ID } from '../db/schema';
import { CERT_KEY_PURPOSE } from '../lib/acme/issue-certificate';
import { sealSecret } from '../lib/crypto/secret-box';
import { openDatabase } from '../lib/db/open-database';
import { alternate, fmtInt, type RunSettings } from './alternate';
import { pgliteDatabase, seedDatabase } from './bench-database';
import { endChildren, freePort, type ServerProcess, startServer, stopServer, waitUntilAnswering } from '../tests/helpers/processes';
import type { LoadTool } from './load-tool';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = 'go.bench.test';
const SECRET = 'bench-secret-key-0123456789abcdef0123456789abcdef';
const LINK = { code: 'tls', url: 'https://example.com/landing/tls?utm_source=sling' };
const RUNS: RunSettings = { connections: 50, warmupSeconds: 3, seconds: 6, rounds: 3 };

/** autocannon over HTTPS with SNI and the custom domain's Host header; keep-alive, one TLS session per connection. */
const httpsTool: LoadTool = {
  name: 'autocannon 8 over HTTPS (in-process)',
  async run(opts) {
    const r = await autocannon({
      url: `https://127.0.0.1:${opts.port}`,
      servername: HOST,
      headers: { host: HOST },
      connections: opts.connections,
      duration: opts.seconds,
      requests: [{ path: opts.paths[0] }],
    });
    return {
      rps: r.requests.total / r.duration,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      responses: r.requests.total,
      sent: r.requests.sent,
      badStatus: r['1xx'] + r['2xx'] + r['4xx'] + r['5xx'],
      socketErrors: r.errors,
    };
  },
};

async function main(): Promise<number> {
  const tmp = mkdtempSync(join(tmpdir(), 'sling-bench-tls-'));
  try {
    const [certFile, keyFile] = [join(tmp, 'cert.pem'), join(tmp, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        '2',
        '-subj',
        `/CN=${HOST}`,
        '-addext',
        `subjectAltName=DNS:${HOST}`,
      ],
      { stdio: 'ignore' },
    );
    const [certPem, keyPem] = [readFileSync(certFile, 'utf8'), readFileSync(keyFile, 'utf8')];

    const [rawPort, slingPort, tlsPort] = [await freePort(), await freePort(), await freePort()];
    const database = pgliteDatabase(join(tmp, 'data'));
    console.log(`\nHTTPS redirect on a custom domain (${HOST}, self-signed certificate, TLS 1.3, keep-alive)`);
    await seedDatabase(database, '127.0.0.1', []);
    const handle = await openDatabase({ dataDir: database.dataDir, maxConnections: 1 });
    try {
      const [d] = await handle.db
        .insert(domains)
        .values({ hostname: HOST, workspaceId: SYSTEM_WORKSPACE_ID, status: 'verified', verificationToken: 'bench', verifiedAt: new Date() })
        .returning();
      await handle.db.insert(links).values({ workspaceId: SYSTEM_WORKSPACE_ID, domainId: d.id, shortCode: LINK.code, longUrl: LINK.url });
      await handle.db.insert(certificates).values({
        domainId: d.id,
        status: 'issued',
        certPem,
        keySealed: sealSecret(keyPem, SECRET, CERT_KEY_PURPOSE),
        issuedAt: new Date(),
        expiresAt: new Date(Date.now() + 2 * 86_400_000),
      });
    } finally {
      await handle.close();
    }
    const linksFile = join(tmp, 'links.json');
    writeFileSync(linksFile, JSON.stringify([[LINK.code, LINK.url]]));

    const raw = startServer({
      group: true,
      name: 'raw node:https',
      args: [join(ROOT, 'bench/raw-server.mjs'), linksFile],
      env: { TLS_CERT: certFile, TLS_KEY: keyFile },
      port: rawPort,
      logFile: join(tmp, 'raw.log'),
      cwd: ROOT,
    });
    const sling = startServer({
      group: true,
      name: 'Sling',
      args: [join(ROOT, 'bin/sling.mjs'), 'start', '--role', 'edge'],
      env: {
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${slingPort}`,
        DATA_DIR: database.dataDir,
        DATABASE_URL: undefined,
        SECRET_KEY: SECRET,
        REDIS_URL: undefined,
        LINK_HOST: undefined,
        TRUST_PROXY: undefined,
        TLS_PORT: String(tlsPort),
        LOG_LEVEL: 'warn',
      },
      port: slingPort,
      logFile: join(tmp, 'sling.log'),
      cwd: ROOT,
    });
    await waitUntilAnswering(sling, '/healthz', 200);
    const slingTls: ServerProcess = { ...sling, port: tlsPort };
    for (const server of [{ ...raw, port: rawPort }, slingTls]) await expectTlsRedirect(server, certPem);

    const r = await alternate(
      'custom domain over HTTPS',
      httpsTool,
      [
        { label: 'raw node:https', server: raw, load: { paths: [`/${LINK.code}`] } },
        { label: 'Sling HTTPS', server: slingTls, load: { paths: [`/${LINK.code}`] } },
      ],
      RUNS,
    );
    console.log(`\n  | HTTPS, ${RUNS.connections} connections | req/s | p50 ms | p99 ms |`);
    console.log('  |---|---:|---:|---:|');
    for (const [label, side] of [
      ['raw node:https', r.a],
      ['Sling (SNI, custom domain)', r.b],
    ] as const) {
      console.log(`  | ${label} | ${fmtInt(side.best.rps)} | ${side.best.p50Ms.toFixed(2)} | ${side.best.p99Ms.toFixed(2)} |`);
    }
    console.log(
      `  Sling at ${((r.b.best.rps / r.a.best.rps) * 100).toFixed(0)}% of raw node:https (best of ${RUNS.rounds} alternating ${RUNS.seconds} s runs; load tool: ${httpsTool.name}; steal up to ${(r.maxSteal * 100).toFixed(0)}%)`,
    );
    await stopServer(sling);
    await stopServer(raw);
    if (r.errors > 0) console.log(`  ERRORS: ${r.errors} bad statuses or socket errors`);
    return r.errors > 0 ? 1 : 0;
  } finally {
    await endChildren();
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** One request by hand: TLS 1.3, the domain's certificate, and the 302 to the link's URL. */
function expectTlsRedirect(server: ServerProcess, ca: string): Promise<void> {
  return new Promise((ok, fail) => {
    const socket = connect({ host: '127.0.0.1', port: server.port, servername: HOST, ca }, () => {
      if (socket.getProtocol() !== 'TLSv1.3') return fail(new Error(`${server.name}: ${socket.getProtocol()}, not TLS 1.3`));
      socket.write(`GET /${LINK.code} HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.on('data', (d) => (answer += d));
    socket.on('end', () =>
      new RegExp(`^HTTP/1\\.1 302 [^]*\\r\\nLocation: ${LINK.url.replace(/[?.]/g, '\\$&')}\\r\\n`, 'i').test(answer)
        ? ok()
        : fail(new Error(`${server.name}: ${answer.split('\r\n')[0]}`)),
    );
    socket.on('error', fail);
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\nHTTPS benchmark failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  },
);
