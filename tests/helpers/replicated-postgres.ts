// A PostgreSQL primary and a streaming replica of it, made for one test file from the machine's
// PostgreSQL packages: initdb, pg_basebackup -R (the replica follows the primary over a replication
// connection, as a production standby does), each on its own loopback port and data folder, and
// removed at close. The machine's own cluster is left alone (its pg_hba.conf admits no replication
// connections). Run as the `postgres` user when the tests run as root (PostgreSQL refuses root).
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { tempDir } from './databases';
import { freePort } from './processes';
import { required } from './services';
import { until } from './until';

export interface ReplicatedPostgres {
  /** The `sling` database on the primary, and the same database on the replica. */
  primaryUrl: string;
  replicaUrl: string;
  /** SQL on the replica (its own connection). */
  onReplica<R = Record<string, unknown>>(sql: string): Promise<R[]>;
  /** Stops the replica at once (as a crash would), and starts it again. */
  stopReplica(): void;
  startReplica(): Promise<void>;
  close(): Promise<void>;
}

/** The PostgreSQL server programs (initdb, pg_ctl, pg_basebackup): the newest installed version's. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : undefined;
}

/** The programs, or a skip reason outside CI (REQUIRE_SERVICES=1 fails instead). */
export function replicationAvailable(): boolean {
  if (postgresBinaries()) return true;
  if (required) throw new Error('REQUIRE_SERVICES=1 but the PostgreSQL server programs are missing (apt-get install -y postgresql)');
  console.warn('[skip] PostgreSQL server programs not found; the read-replica tests are skipped');
  return false;
}

/** `sharedBuffers`: each cluster's shared_buffers (16MB by default: tests hold little data). */
export async function startReplicatedPostgres(opts: { sharedBuffers?: string } = {}): Promise<ReplicatedPostgres> {
  const bin = postgresBinaries()!;
  const root = tempDir('sling-replication-');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', root]);
  const run = (program: string, args: string[]) => {
    const command = join(bin, program);
    const r = asRoot ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' }) : spawnSync(command, args, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${program} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  const primaryDir = join(root, 'primary');
  const replicaDir = join(root, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const settings = (port: number) =>
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      // A test cluster: nothing needs to survive a crash of the machine.
      'fsync = off',
      'full_page_writes = off',
      `shared_buffers = ${opts.sharedBuffers ?? '16MB'}`,
      'max_wal_senders = 4',
      'wal_level = replica',
      "log_min_messages = 'warning'",
    ].join('\n');

  run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  appendFileSync(join(primaryDir, 'postgresql.conf'), `\n${settings(primaryPort)}\n`);
  run('pg_ctl', ['-D', primaryDir, '-l', join(root, 'primary.log'), '-w', 'start']);
  const primaryServer = `postgres://postgres@127.0.0.1:${primaryPort}`;
  const admin = new pg.Client({ connectionString: `${primaryServer}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE sling');
  await admin.end();

  run('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
    '--no-sync',
    '--checkpoint=fast',
  ]);
  // --checkpoint=fast: otherwise the backup waits for a spread checkpoint (some 90 s).
  // The copied configuration names the primary's port: the replica's own settings come after it.
  appendFileSync(join(replicaDir, 'postgresql.conf'), `\n${settings(replicaPort)}\nhot_standby = on\n`);
  const startReplica = async () => {
    run('pg_ctl', ['-D', replicaDir, '-l', join(root, 'replica.log'), '-w', 'start']);
    await until('the replica takes connections', async () => {
      const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/sling` });
      try {
        await c.connect();
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    });
  };
  await startReplica();
  const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/sling`;
  const stop = (dir: string) => {
    try {
      run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  return {
    primaryUrl: `${primaryServer}/sling`,
    replicaUrl,
    onReplica: async <R>(sql: string) => {
      const c = new pg.Client({ connectionString: replicaUrl });
      await c.connect();
      try {
        return (await c.query(sql)).rows as R[];
      } finally {
        await c.end();
      }
    },
    stopReplica: () => stop(replicaDir),
    startReplica,
    close: async () => {
      stop(replicaDir);
      stop(primaryDir);
      rmSync(root, { recursive: true, force: true });
    },
  };
}
