// A real DNS server on loopback: Debian's pebble-challtestsrv (from the `pebble` package), whose
// records are set through its HTTP management API. Its catch-all A/AAAA answers are switched off,
// so a name without records has none.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './processes';
import { until } from './until';

export interface TestDnsServer {
  /** For DNS_SERVERS: "127.0.0.1:<port>". */
  address: string;
  setCname(host: string, target: string): Promise<void>;
  clearCname(host: string): Promise<void>;
  /** Adds a TXT value (a name may hold several). */
  addTxt(host: string, value: string): Promise<void>;
  clearTxt(host: string): Promise<void>;
  setA(host: string, addresses: string[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startDnsServer(binary: string): Promise<TestDnsServer> {
  const [dnsPort, managementPort] = [await freePort(), await freePort()];
  const child: ChildProcess = spawn(
    binary,
    ['-dns01', `127.0.0.1:${dnsPort}`, '-management', `127.0.0.1:${managementPort}`, '-http01', '', '-https01', '', '-tlsalpn01', ''],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const post = async (path: string, body: object) => {
    const res = await fetch(`http://127.0.0.1:${managementPort}/${path}`, { method: 'POST', body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`pebble-challtestsrv ${path}: ${res.status} ${await res.text()}\n${output}`);
  };
  await until(
    'pebble-challtestsrv to answer',
    async () => {
      if (child.exitCode !== null) throw new Error(`pebble-challtestsrv exited:\n${output}`);
      return post('set-default-ipv4', { ip: '' }).then(
        () => true,
        () => false,
      );
    },
    { timeoutMs: 15_000, intervalMs: 50 },
  );
  await post('set-default-ipv6', { ip: '' });
  // TXT names are stored fully qualified (with the final dot); the others as given.
  const fqdn = (host: string) => (host.endsWith('.') ? host : `${host}.`);
  return {
    address: `127.0.0.1:${dnsPort}`,
    setCname: (host, target) => post('set-cname', { host, target }),
    clearCname: (host) => post('clear-cname', { host }),
    addTxt: (host, value) => post('set-txt', { host: fqdn(host), value }),
    clearTxt: (host) => post('clear-txt', { host: fqdn(host) }),
    setA: (host, addresses) => post('add-a', { host, addresses }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
