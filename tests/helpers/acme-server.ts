// A real ACME server on loopback: Debian's pebble, with a certificate for its own HTTPS made here by
// openssl, resolving names through the test DNS server and validating HTTP-01 on `httpPort`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { join } from 'node:path';
import { tempDir } from './databases';
import { freePort } from './processes';
import { until } from './until';

export interface TestAcmeServer {
  directoryUrl: string;
  /** PEM file to trust for the directory's HTTPS. */
  caFile: string;
  /**
   * `eab`: key ids → base64url HMAC keys, and accounts must be bound to one (externalAccountBindingRequired).
   * `validitySeconds`: how long the certificates it issues last (pebble's default: five years).
   */
  start(opts: { httpPort: number; dnsServer: string; eab?: Record<string, string>; validitySeconds?: number }): Promise<void>;
  /** The root that signs pebble's certificates (new on every pebble start). */
  rootPem(): Promise<string>;
  stop(): Promise<void>;
}

/** Picks the ports and makes the certificate now; start() once the HTTP-01 port is known. */
export async function prepareAcmeServer(binary = '/usr/bin/pebble'): Promise<TestAcmeServer> {
  const dir = tempDir('sling-pebble-');
  const [port, managementPort, tlsPort] = [await freePort(), await freePort(), await freePort()];
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
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
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  let child: ChildProcess | undefined;
  let output = '';
  return {
    directoryUrl: `https://127.0.0.1:${port}/dir`,
    caFile: cert,
    async start({ httpPort, dnsServer, eab, validitySeconds }) {
      const config = join(dir, 'pebble-config.json');
      writeFileSync(
        config,
        JSON.stringify({
          pebble: {
            listenAddress: `127.0.0.1:${port}`,
            managementListenAddress: `127.0.0.1:${managementPort}`,
            certificate: cert,
            privateKey: key,
            httpPort,
            tlsPort,
            ocspResponderURL: '',
            externalAccountBindingRequired: eab !== undefined,
            ...(eab ? { externalAccountMACKeys: eab } : {}),
            ...(validitySeconds ? { certificateValidityPeriod: validitySeconds } : {}),
          },
        }),
      );
      child = spawn(binary, ['-config', config, '-dnsserver', dnsServer], {
        env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      const ca = readFileSync(cert);
      await until(
        'pebble to answer',
        async () => {
          if (child!.exitCode !== null) throw new Error(`pebble exited:\n${output}`);
          return new Promise<boolean>((resolve) => {
            get(`https://127.0.0.1:${port}/dir`, { ca }, (res) => {
              res.resume();
              resolve(res.statusCode === 200);
            }).on('error', () => resolve(false));
          });
        },
        { timeoutMs: 15_000, intervalMs: 100 },
      );
    },
    rootPem() {
      return new Promise<string>((resolve, reject) => {
        get(`https://127.0.0.1:${managementPort}/roots/0`, { ca: readFileSync(cert) }, (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`pebble roots: ${res.statusCode}`))));
        }).on('error', reject);
      });
    },
    async stop() {
      if (child && child.exitCode === null) {
        const exited = new Promise((r) => child!.on('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
