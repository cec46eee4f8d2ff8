// deploy/: the Dockerfile, the Compose file and HAProxy's configuration describe the topology the
// scale-out soak runs (tests/helpers/scale-topology.ts): the same services and roles, the same
// HAProxy variables and ports, the same instance settings, and only variables Sling knows.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { parseEnv } from '../../lib/config/env';
import { HAPROXY_VARIABLES, INSTANCE_ENV } from '../helpers/scale-topology';

const read = (name: string) => readFileSync(new URL(`../../deploy/${name}`, import.meta.url), 'utf8');
const compose = parse(read('compose.yaml'), { merge: true });
const haproxyCfg = read('haproxy.cfg');
const dockerfile = read('Dockerfile');

/** Compose's interpolation, with these values for the variables a user must set. */
function interpolate(value: string): string {
  const given: Record<string, string> = { POSTGRES_PASSWORD: 'pw', SECRET_KEY: 'k'.repeat(64) };
  return value.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string, fallback?: string) => given[name] ?? fallback ?? '');
}

describe('deploy/', () => {
  const services = compose.services as Record<string, any>;
  const sling = (name: string) =>
    Object.fromEntries(Object.entries(services[name].environment as Record<string, string>).map(([k, v]) => [k, interpolate(String(v))]));

  test('compose.yaml: PostgreSQL, Redis, HAProxy, two edges, an app (and its surge slot) and a worker', () => {
    expect(Object.keys(services).sort()).toEqual(['app', 'app-next', 'edge1', 'edge2', 'haproxy', 'postgres', 'redis', 'worker']);
    const roles = Object.fromEntries(['edge1', 'edge2', 'app', 'app-next', 'worker'].map((s) => [s, services[s].command]));
    expect(roles).toEqual({
      edge1: ['start', '--role', 'edge'],
      edge2: ['start', '--role', 'edge'],
      app: ['start', '--role', 'app'],
      'app-next': ['start', '--role', 'app'],
      worker: ['start', '--role', 'worker'],
    });
    expect(services['app-next'].profiles).toEqual(['surge']);
    for (const name of ['edge1', 'edge2', 'app', 'worker']) expect(services[name].build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
  });

  test('every instance gets the soak’s settings, and only variables Sling knows', () => {
    for (const name of ['edge1', 'edge2', 'app', 'app-next', 'worker']) {
      const env = sling(name);
      expect(env).toMatchObject(INSTANCE_ENV);
      expect(env.DATABASE_URL).toBe('postgres://sling:pw@postgres:5432/sling');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      const config = parseEnv(env);
      expect(Object.keys(config)).toEqual(expect.arrayContaining(Object.keys(env)));
    }
    expect(sling('edge1').TLS_PORT).toBe('3443');
    expect(sling('app').TLS_PORT).toBeUndefined();
  });

  test('haproxy.cfg reads exactly the variables Compose and the soak set, pointing at the right instances and ports', () => {
    const used = [...new Set([...haproxyCfg.matchAll(/"\$\{(\w+)\}"/g)].map((m) => m[1]))].sort();
    expect(used).toEqual([...HAPROXY_VARIABLES].sort());
    const env = services.haproxy.environment as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual([...HAPROXY_VARIABLES].sort());
    const port = (service: string, variable: 'PORT' | 'TLS_PORT') => `${service}:${sling(service)[variable]}`;
    expect(env).toMatchObject({
      EDGE1_HTTP: port('edge1', 'PORT'),
      EDGE2_HTTP: port('edge2', 'PORT'),
      EDGE1_HTTPS: port('edge1', 'TLS_PORT'),
      EDGE2_HTTPS: port('edge2', 'TLS_PORT'),
      APP1: port('app', 'PORT'),
      APP2: port('app-next', 'PORT'),
    });
    // Published ports reach the frontends' binds.
    const binds = [env.LINKS_HTTP_BIND, env.LINKS_HTTPS_BIND, env.APP_BIND].map((b) => b.split(':').at(-1));
    expect(services.haproxy.ports.map((p: string) => p.split(':').at(-1))).toEqual(binds);
    expect(services.haproxy.volumes).toContain('./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro');
    expect(haproxyCfg).toMatch(/^\s*mode tcp$/m);
    expect(haproxyCfg).not.toMatch(/^\s*mode http$/m);
  });

  test('HAProxy sends the PROXY protocol to every server, from the address every instance reads it from', () => {
    const servers = haproxyCfg.split('\n').filter((l) => /^\s*server /.test(l));
    expect(servers).toHaveLength(6);
    for (const line of servers) expect(line).toMatch(/\ssend-proxy-v2(\s|$)/);
    const address = services.haproxy.networks.default.ipv4_address as string;
    const [subnet] = compose.networks.default.ipam.config.map((c: { subnet: string }) => c.subnet);
    expect(address.split('.').slice(0, 3)).toEqual(subnet.split('.').slice(0, 3));
    for (const name of ['edge1', 'edge2', 'app', 'app-next', 'worker']) expect(parseEnv(sling(name)).PROXY_PROTOCOL_FROM).toEqual([address]);
  });

  test('Dockerfile: Node 20 slim, npm ci, the build, a user that is not root, the ports Compose uses, the sling command', () => {
    const lines = dockerfile.split('\n').filter((l) => l.trim() && !l.startsWith('#'));
    expect(lines.filter((l) => l.startsWith('FROM ')).every((l) => l.startsWith('FROM node:20-slim'))).toBe(true);
    expect(lines).toContain('RUN npm ci --no-audit --no-fund');
    expect(lines).toContain('RUN npm run build');
    const user = lines.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)\b/);
    const exposed = lines
      .find((l) => l.startsWith('EXPOSE '))!
      .split(/\s+/)
      .slice(1);
    expect(exposed).toEqual(expect.arrayContaining([sling('app').PORT, sling('edge1').TLS_PORT]));
    expect(lines).toContain('ENTRYPOINT ["node", "bin/sling.mjs"]');
  });
});
