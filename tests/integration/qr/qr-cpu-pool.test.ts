// QR codes against the built server with a tiny CPU pool (one worker, two waiting places): an image
// bomb is refused from its header, renders within the pool's capacity are all answered, one more is
// refused at once with 503 and Retry-After, and redirects are answered while renders run.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createUserWithToken } from '../../helpers/accounts';
import { createPgliteDatabase, type TestDatabase } from '../../helpers/databases';
import { makePngLogo } from '../../helpers/decode-qr';
import { pngBomb } from '../../helpers/png-bomb';
import { startSling, type SlingProcess } from '../../helpers/sling-process';
import { until } from '../../helpers/until';
import { readPngDimensions } from '../../../lib/qr/png-dimensions';

/** The largest code there is: 4096 pixels, error correction H, with a logo. */
const LARGEST = '?format=png&size=4096&ecc=H&logo=1';

describe('QR codes and the CPU pool (CPU_POOL_SIZE=1, CPU_POOL_QUEUE=2)', () => {
  let tdb: TestDatabase;
  let sling: SlingProcess;
  let token: string;
  let link: { id: number; short_url: string };

  beforeAll(async () => {
    tdb = await createPgliteDatabase({ migrated: true });
    token = await createUserWithToken(tdb.env, 'ann@example.com', 'enterprise');
    sling = await startSling({ ...tdb.env, CPU_POOL_SIZE: '1', CPU_POOL_QUEUE: '2' });
    link = await (
      await fetch(`${sling.url}/api.php`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'https://example.com/menu', alias: 'menu' }),
      })
    ).json();
    expect((await putLogo(makePngLogo())).status).toBe(204);
    expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
  });
  afterAll(async () => {
    await sling?.stop();
    await tdb?.drop();
  });

  const qr = (query: string) => fetch(`${sling.url}/api/v1/links/${link.id}/qr${query}`, { headers: { authorization: `Bearer ${token}` } });
  const putLogo = (body: Buffer) =>
    fetch(`${sling.url}/api/v1/links/${link.id}/qr/logo`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' }, body: new Uint8Array(body) });
  /** The server process's peak resident memory so far (Linux), in MiB. */
  const peakRssMiB = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${sling.child.pid}/status`, 'utf8'))![1]) / 1024;

  test('PUT …/qr/logo: a 16000×16000 PNG (31 KiB) is refused with 413 naming the limit, and never decoded', async () => {
    const before = peakRssMiB();
    const res = await putLogo(pngBomb(16000, 16000));
    expect(res.status).toBe(413);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'payload_too_large', message: 'The logo must be at most 2048×2048 pixels; this one is 16000×16000.' });
    expect(body.error.details.logo).toContain('2048×2048');
    // Decoding it would have taken 1 GiB (16000² RGBA pixels).
    expect(peakRssMiB() - before).toBeLessThan(256);
    // The link keeps its earlier logo.
    expect((await qr('?logo=1&size=400')).status).toBe(200);
  });

  test('three of the largest codes at once (one rendering, two waiting) are all answered', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => qr(LARGEST)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(readPngDimensions(new Uint8Array(await res.arrayBuffer()))).toEqual({ width: 4096, height: 4096 });
    }
  });

  test('one more is refused at once with 503 and Retry-After, and a redirect is answered before the renders ahead of it finish', async () => {
    const batch = await until('a batch of renders that overflows the pool', async () => {
      const b = await overflowingBatch(6);
      return b.busy && b;
    }, { timeoutMs: 150_000, intervalMs: 0 });
    expect(batch.statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(batch.busy.status).toBe(503);
    expect(batch.busy.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(batch.busyBody.error).toMatchObject({ code: 'unavailable', message: expect.stringContaining('busy') });
    expect(batch.redirect.status).toBe(302);
    expect(batch.redirect.headers.get('location')).toBe('https://example.com/menu');
    // When the 503 came, three renders were in the pool; the redirect sent then did not wait for them.
    expect(batch.renderedWhenRedirected).toBeLessThan(batch.rendered);
  }, 180_000);

  /** Sends `n` of the largest codes at once; on the first 503, visits the short link. */
  async function overflowingBatch(n: number) {
    let rendered = 0;
    let renderedWhenRedirected = -1;
    let busy: { res: Response; body: { error: { code: string; message: string } } } | undefined;
    let visit: Promise<Response> | undefined;
    const statuses = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await qr(LARGEST);
        if (res.status === 503 && !busy) {
          busy = { res, body: await res.json() };
          visit = fetch(link.short_url, { redirect: 'manual' }).then((r) => {
            renderedWhenRedirected = rendered;
            return r;
          });
        } else {
          await res.arrayBuffer();
          if (res.status === 200) rendered++;
        }
        return res.status;
      }),
    );
    if (!busy || !visit) return { busy: undefined } as const;
    return { statuses, busy: busy.res, busyBody: busy.body, redirect: await visit, rendered, renderedWhenRedirected };
  }
});
