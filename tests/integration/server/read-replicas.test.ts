// Read replicas (DATABASE_REPLICA_URLS) against a real streaming replica: a second PostgreSQL
// cluster made from the first with pg_basebackup (tests/helpers/replicated-postgres.ts). Replay is
// paused on the replica to make it visibly behind: reads that may lag are then answered from it
// (statistics show the clicks it holds, not the newer ones), while everything that must be current
// comes from the primary (a link created since redirects, a list shows it, an edited link goes to
// its new destination). A replica past the lag bound, down, or no longer replaying is skipped; one
// stopped in the middle of traffic costs no request and no click.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pg from 'pg';
import { openReplicaSet } from '../../../lib/db/replica-set';
import { AGENTS } from '../../helpers/agents';
import { apiClient, inProcess, type ApiClient } from '../../helpers/api-client';
import { TEST_SECRET, tempDir } from '../../helpers/databases';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { replicationAvailable, startReplicatedPostgres, type ReplicatedPostgres } from '../../helpers/replicated-postgres';
import { until } from '../../helpers/until';

// In the postgres project only (tests/one-database-suites.json); CI fails rather than skips without the server programs.
describe.skipIf(!replicationAvailable())('read replicas', () => {
  let cluster: ReplicatedPostgres;
  let primary: pg.Client;

  beforeAll(async () => {
    cluster = await startReplicatedPostgres();
    primary = new pg.Client({ connectionString: cluster.primaryUrl });
    await primary.connect();
  });
  afterAll(async () => {
    await primary?.end();
    await cluster?.close();
  });

  const pause = () => cluster.onReplica('SELECT pg_wal_replay_pause()');
  const resume = () => cluster.onReplica('SELECT pg_wal_replay_resume()');

  test('the replica set: picked within the lag bound, skipped past it or while down, back when it catches up', async () => {
    await primary.query('CREATE TABLE IF NOT EXISTS probe (n int)');
    const set = await openReplicaSet({
      urls: [cluster.replicaUrl],
      maxLagMs: 400,
      primaryPosition: async () => (await primary.query('SELECT pg_current_wal_insert_lsn()::text AS lsn')).rows[0].lsn,
    });
    try {
      await until('the replica is picked', async () => set.pick() !== undefined);
      expect(await set.caughtUp()).toBeDefined();
      expect(set.status()).toEqual([{ name: expect.stringMatching(/^127\.0\.0\.1:\d+\/sling$/), healthy: true, lagMs: expect.any(Number) }]);

      await pause();
      await primary.query('INSERT INTO probe VALUES (1)');
      // Behind the primary: not caught up at once, and skipped once the write is older than the bound.
      expect(await set.caughtUp()).toBeUndefined();
      await until('the lagging replica is skipped', async () => set.pick() === undefined);
      expect(set.status()[0].healthy).toBe(false);

      await resume();
      await until('the caught-up replica is picked again', async () => set.pick() !== undefined);
      await until('and is caught up', async () => (await set.caughtUp()) !== undefined);

      cluster.stopReplica();
      await until('the stopped replica is skipped', async () => set.pick() === undefined);
      await cluster.startReplica();
      await until('the restarted replica is picked again', async () => set.pick() !== undefined);
    } finally {
      await set.close();
    }
  });

  describe('Sling on a primary and a replica', () => {
    let sling: InProcessSling;
    let api: ApiClient;

    beforeAll(async () => {
      sling = await startInProcessSling({
        DATA_DIR: tempDir(),
        DATABASE_URL: cluster.primaryUrl,
        SECRET_KEY: TEST_SECRET,
        DATABASE_REPLICA_URLS: cluster.replicaUrl,
        // Generous, so a replica paused on purpose stays within it while the test looks.
        REPLICA_MAX_LAG_MS: '120000',
        CLICK_FLUSH_MS: '50',
      });
      api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('replica@example.com', { plan: 'enterprise' }) });
    });
    afterAll(async () => {
      await resume().catch(() => {});
      await sling?.close();
    });

    const visit = async (code: string) => {
      const res = await fetch(`${sling.url}/${code}`, { redirect: 'manual', headers: { 'user-agent': AGENTS.chrome } });
      return [res.status, res.headers.get('location')] as const;
    };
    const storedClicks = async (linkId: number) => Number((await primary.query('SELECT count(*) AS n FROM clicks WHERE link_id = $1', [linkId])).rows[0].n);
    const statsClicks = async (linkId: number) => {
      const res = await api.call('linkStats', { params: { id: linkId } });
      expect(res.status).toBe(200);
      return res.json.clicks as number;
    };
    /** Reads check the replica as they come: ask until one finds it fit. */
    const replicaReady = () => until('the replica takes reads', async () => sling.handle.replicas?.pick() !== undefined);

    test('lagging reads come from the replica; what must be current comes from the primary', async () => {
      const created = await api.call('createLink', { body: { url: 'https://example.com/one', alias: 'one' } });
      expect(created.status).toBe(201);
      const id = created.json.id as number;
      for (let i = 0; i < 3; i++) expect(await visit('one')).toEqual([302, 'https://example.com/one']);
      await replicaReady();
      await until('three clicks on the replica', async () => (await statsClicks(id)) === 3);

      await pause();
      for (let i = 0; i < 2; i++) await visit('one');
      await until('five clicks stored on the primary', async () => (await storedClicks(id)) === 5);
      // Statistics may lag: the paused replica answers them, with the clicks it holds.
      expect(await statsClicks(id)).toBe(3);
      expect((await api.call('workspaceStats')).json.clicks).toBe(3);

      // A link made while the replica is behind redirects at once (the replica does not know it yet)…
      const fresh = await api.call('createLink', { body: { url: 'https://example.com/fresh', alias: 'fresh' } });
      expect(fresh.status).toBe(201);
      expect(await visit('fresh')).toEqual([302, 'https://example.com/fresh']);
      expect((await cluster.onReplica("SELECT count(*)::int AS n FROM links WHERE short_code = 'fresh'"))[0]).toEqual({ n: 0 });
      // …the list shows it (the replica has not replayed the caller's write, so the primary answers)…
      const listed = await api.call('listLinks');
      expect(listed.json.links.map((l: { short_code: string }) => l.short_code).sort()).toEqual(['fresh', 'one']);
      // …and an edited link goes to its new destination although the replica holds the old one.
      expect((await api.call('updateLink', { params: { id }, body: { url: 'https://example.com/edited' } })).status).toBe(200);
      await until('the edit reaches the edge', async () => (await visit('one'))[1] === 'https://example.com/edited');
      expect((await cluster.onReplica<{ long_url: string }>(`SELECT long_url FROM links WHERE id = ${id}`))[0].long_url).toBe('https://example.com/one');

      await resume();
      await until('the replica has every click the primary stored', async () => {
        const stored = await storedClicks(id);
        return stored >= 6 && (await statsClicks(id)) === stored;
      });
    });

    test('a replica stopped in the middle of traffic costs no request and no click', async () => {
      const created = await api.call('createLink', { body: { url: 'https://example.com/busy', alias: 'busy' } });
      const id = created.json.id as number;
      await replicaReady();
      const statuses: number[] = [];
      let visits = 0;
      const traffic = async (rounds: number) => {
        for (let i = 0; i < rounds; i++) {
          const [status] = await visit('busy');
          visits++;
          statuses.push(status, (await api.call('linkStats', { params: { id } })).status, (await api.call('listLinks')).status);
        }
      };
      await traffic(10);
      cluster.stopReplica();
      await traffic(20);
      await cluster.startReplica();
      await traffic(10);
      expect(new Set(statuses)).toEqual(new Set([302, 200]));
      await until('every visit is stored', async () => (await storedClicks(id)) === visits);
      await until('and counted in the statistics', async () => (await statsClicks(id)) === visits);
      await replicaReady();
    });
  });
});
