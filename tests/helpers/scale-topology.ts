// The scale-out topology on one machine, on loopback: HAProxy (Debian's /usr/sbin/haproxy) running
// deploy/haproxy.cfg itself, two `edge` instances, one `app` (plus the spare slot a replacement app
// starts in) and one `worker`, all on one PostgreSQL database and one Redis. Restarts go one
// instance at a time, each waiting until HAProxy has seen the replacement up (its stats socket).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './databases';
import { freePort } from './processes';
import { startSling, type SlingProcess } from './sling-process';
import { until } from './until';

export const HAPROXY = '/usr/sbin/haproxy';
export const HAPROXY_CFG = fileURLToPath(new URL('../../deploy/haproxy.cfg', import.meta.url));

/** The variables deploy/haproxy.cfg reads (deploy/compose.yaml sets the same ones). */
export const HAPROXY_VARIABLES = [
  'LINKS_HTTP_BIND',
  'LINKS_HTTPS_BIND',
  'APP_BIND',
  'EDGE1_HTTP',
  'EDGE2_HTTP',
  'EDGE1_HTTPS',
  'EDGE2_HTTPS',
  'APP1',
  'APP2',
] as const;

/** What every instance gets besides the database, Redis and ports (deploy/compose.yaml sets the same). */
export const INSTANCE_ENV = {
  // Above HAProxy's inter 1s × fall 3 (deploy/haproxy.cfg): out of rotation before the listener closes.
  SHUTDOWN_DRAIN_MS: '4000',
};

/**
 * Where HAProxy's connections to the instances come from on loopback: the instances' PROXY_PROTOCOL_FROM
 * (Compose gives HAProxy a fixed address for the same). Requests straight to an instance (readiness,
 * the soak's probes of each edge) come from DIRECT instead, as a header-less connection from the
 * balancer's address is refused.
 */
export const BALANCER = '127.0.0.1';
export const DIRECT = '127.0.0.2';

export type InstanceName = 'edge1' | 'edge2' | 'app' | 'worker';

interface Slot {
  role: 'edge' | 'app' | 'worker';
  /** HAProxy backend and server of this instance (none for the worker). */
  backend?: string;
  server?: string;
  port: number;
  tlsPort?: number;
  process?: SlingProcess;
}

export interface Topology {
  /** HAProxy's short-link frontend (the edges) and app frontend (BASE_URL). */
  linksUrl: string;
  appUrl: string;
  /** An edge's own address, bypassing HAProxy (to be asked from DIRECT). */
  edgeUrl(name: 'edge1' | 'edge2'): string;
  /** Graceful restart (SIGTERM, then start again); calls `onStop` as the signal is sent. */
  restart(name: InstanceName, onStop?: () => void): Promise<void>;
  /** HAProxy's view of one server: UP, DOWN, MAINT… */
  serverStatus(backend: string, server: string): Promise<string>;
  /** HAProxy's own lines (servers going up and down, with the reason). */
  haproxyLog(): string;
  /** The environment HAProxy runs deploy/haproxy.cfg with. */
  haproxyEnv: Record<string, string>;
  stop(): Promise<void>;
}

/** `env`: DATABASE_URL, REDIS_URL, SECRET_KEY and whatever else every instance shares. */
export async function startTopology(env: Record<string, string>): Promise<Topology> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing (apt-get install haproxy)`);
  const dir = tempDir('sling-scale-');
  const [linksPort, linksTlsPort, appPort] = [await freePort(), await freePort(), await freePort()];
  const slots: Record<InstanceName | 'appSpare', Slot> = {
    edge1: { role: 'edge', backend: 'edges_http', server: 'edge1', port: await freePort(), tlsPort: await freePort() },
    edge2: { role: 'edge', backend: 'edges_http', server: 'edge2', port: await freePort(), tlsPort: await freePort() },
    app: { role: 'app', backend: 'app_http', server: 'app1', port: await freePort() },
    appSpare: { role: 'app', backend: 'app_http', server: 'app2', port: await freePort() },
    worker: { role: 'worker', port: await freePort() },
  };
  const at = (port: number) => `127.0.0.1:${port}`;
  const haproxyEnv: Record<(typeof HAPROXY_VARIABLES)[number], string> = {
    LINKS_HTTP_BIND: at(linksPort),
    LINKS_HTTPS_BIND: at(linksTlsPort),
    APP_BIND: at(appPort),
    EDGE1_HTTP: at(slots.edge1.port),
    EDGE2_HTTP: at(slots.edge2.port),
    EDGE1_HTTPS: at(slots.edge1.tlsPort!),
    EDGE2_HTTPS: at(slots.edge2.tlsPort!),
    APP1: at(slots.app.port),
    APP2: at(slots.appSpare.port),
  };
  const appUrl = `http://${at(appPort)}`;
  const shared = { ...env, ...INSTANCE_ENV, PROXY_PROTOCOL_FROM: BALANCER, BASE_URL: appUrl, HOST: '127.0.0.1' };

  const start = (slot: Slot) =>
    startSling({ ...shared, PORT: String(slot.port), ...(slot.tlsPort ? { TLS_PORT: String(slot.tlsPort) } : {}) }, ['--role', slot.role], {
      readyFrom: DIRECT,
    }).then((p) => {
      slot.process = p;
    });

  // The soak's addition to the deployed file: a stats socket, to see what HAProxy thinks is up.
  const socket = join(dir, 'haproxy.sock');
  const extra = join(dir, 'soak-stats.cfg');
  writeFileSync(extra, `global\n    stats socket ${socket} mode 600 level admin\n`);
  const haproxy: ChildProcess = spawn(HAPROXY, ['-db', '-f', HAPROXY_CFG, '-f', extra], {
    env: { PATH: process.env.PATH ?? '', ...haproxyEnv } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let haproxyLog = '';
  const keep = (d: Buffer) => {
    for (const line of String(d).split('\n')) if (line.trim()) haproxyLog += `${Date.now()} ${line}\n`;
  };
  haproxy.stdout!.on('data', keep);
  haproxy.stderr!.on('data', keep);

  async function serverStatus(backend: string, server: string): Promise<string> {
    const csv = await statsCommand(socket, 'show stat\n');
    const row = csv.split('\n').find((line) => line.startsWith(`${backend},${server},`));
    // Column 18 of `show stat` is the status.
    return row?.split(',')[17] ?? 'absent';
  }
  const upInHaproxy = (slot: Slot) =>
    until(`HAProxy to see ${slot.server} up`, async () => (await serverStatus(slot.backend!, slot.server!)).startsWith('UP'), {
      timeoutMs: 30_000,
      intervalMs: 100,
    });

  const topology: Topology = {
    linksUrl: `http://${at(linksPort)}`,
    appUrl,
    haproxyEnv,
    haproxyLog: () => haproxyLog,
    edgeUrl: (name) => slots[name].process!.url,
    serverStatus,
    async restart(name, onStop) {
      const slot = slots[name];
      if (name === 'app') {
        // One app: its replacement starts in the spare slot first, then the old one stops.
        const spare = slots.appSpare;
        await start(spare);
        await upInHaproxy(spare);
        onStop?.();
        const code = await slot.process!.stop('SIGTERM');
        if (code !== 0) throw new Error(`app exited with ${code}`);
        slots.appSpare = { ...slot, process: undefined };
        slots.app = spare;
        return;
      }
      onStop?.();
      const code = await slot.process!.stop('SIGTERM');
      if (code !== 0) throw new Error(`${name} exited with ${code}:\n${slot.process!.output()}`);
      await start(slot);
      if (slot.backend) {
        await upInHaproxy(slot);
        await upInHaproxy({ ...slot, backend: 'edges_https' });
      }
    },
    async stop() {
      for (const slot of Object.values(slots)) await slot.process?.stop('SIGTERM');
      if (haproxy.exitCode === null) haproxy.kill('SIGTERM');
    },
  };

  try {
    // All at once: migrations run under an advisory lock (two-instances.test.ts starts two together),
    // and the soak's database is a migrated copy.
    await Promise.all([start(slots.app), start(slots.edge1), start(slots.edge2), start(slots.worker)]);
    await until('HAProxy to listen', async () =>
      existsSync(socket) ? true : haproxy.exitCode !== null ? Promise.reject(new Error(`haproxy exited:\n${haproxyLog}`)) : false,
    );
    for (const slot of [slots.edge1, slots.edge2, slots.app]) await upInHaproxy(slot);
    await upInHaproxy({ ...slots.edge1, backend: 'edges_https' });
    await upInHaproxy({ ...slots.edge2, backend: 'edges_https' });
    // The empty spare slot is down before traffic starts (it would only cost retries).
    await until('HAProxy to see the spare app slot down', async () => (await serverStatus('app_http', 'app2')).startsWith('DOWN'), { intervalMs: 100 });
  } catch (err) {
    await topology.stop();
    throw err;
  }
  return topology;
}

/** One command on HAProxy's stats socket; resolves with the whole answer. */
function statsCommand(path: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.write(command);
  });
}
