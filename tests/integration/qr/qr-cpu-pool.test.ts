// QR codes on Sling in the test process (the API through its router, the redirect at its edge) with
// a tiny CPU pool (one worker, two waiting places): an image bomb is refused from its header, renders
// within the pool's capacity are all answered, one more is refused at once with 503 and Retry-After,
// and redirects are answered while renders run. The pool's workers are threads of this process, as
// of the server's: the peak memory checked is this process's, the server's own here.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiClient, inProcess, type ApiClient, type ApiResult } from '../../helpers/api-client';
import { suiteDatabase, type TestDatabase } from '../../helpers/databases';
import { makePngLogo } from '../../helpers/decode-qr';
import { pngBomb } from '../../helpers/png-bomb';
import { startInProcessSling, type InProcessSling } from '../../helpers/in-process-sling';
import { until } from '../../helpers/until';
import { readPngDimensions } from '../../../lib/images/png-dimensions';

/** The largest code there is: 4096 pixels, error correction H, with a logo. */
const LARGEST = { format: 'png', size: 4096, ecc: 'H', logo: '1' } as const;

describe('QR codes and the CPU pool (CPU_POOL_SIZE=1, CPU_POOL_QUEUE=2)', () => {
  let tdb: TestDatabase;
  let sling: InProcessSling;
  let api: ApiClient;
  let link: { id: number; short_url: string };

  beforeAll(async () => {
    tdb = await suiteDatabase.migrated();
    sling = await startInProcessSling({ ...tdb.env, CPU_POOL_SIZE: '1', CPU_POOL_QUEUE: '2' });
    api = apiClient(inProcess(sling), { token: await sling.seed.userWithToken('ann@example.com', { plan: 'enterprise' }) });
    link = (await api.call('apiPhpCreate', { body: { url: 'https://example.com/menu', alias: 'menu' } })).json;
    expect((await putLogo(makePngLogo())).status).toBe(204);
    expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
  });
  afterAll(async () => {
    await sling?.close();
    await tdb?.drop();
  });

  const qr = (query: { format?: 'png'; size?: number; ecc?: 'H'; logo?: '1' }) => api.call('getLinkQr', { params: { id: link.id }, query });
  const putLogo = (body: Buffer) => api.call('putLinkQrLogo', { params: { id: link.id }, raw: { type: 'image/png', data: new Uint8Array(body) } });
  /** This process's peak resident memory so far (Linux), in MiB: the server's, as it runs here. */
  const peakRssMiB = () => Number(/^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

  test('PUT …/qr/logo: a 16000×16000 PNG (31 KiB) is refused with 413 naming the limit, and never decoded', async () => {
    const before = peakRssMiB();
    const res = await putLogo(pngBomb(16000, 16000));
    expect(res.status).toBe(413);
    const body = res.json;
    expect(body.error).toMatchObject({ code: 'payload_too_large', message: 'The logo must be at most 2048×2048 pixels; this one is 16000×16000.' });
    expect(body.error.details.logo).toContain('2048×2048');
    // Decoding it would have taken 1 GiB (16000² RGBA pixels).
    expect(peakRssMiB() - before).toBeLessThan(256);
    // The link keeps its earlier logo.
    expect((await qr({ logo: '1', size: 400 })).status).toBe(200);
  });

  test('three of the largest codes at once (one rendering, two waiting) are all answered', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => qr(LARGEST)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(readPngDimensions(res.bytes)).toEqual({ width: 4096, height: 4096 });
    }
  });

  test('one more is refused at once with 503 and Retry-After, and a redirect is answered before the renders ahead of it finish', async () => {
    const batch = await until(
      'a batch of renders that overflows the pool',
      async () => {
        const b = await overflowingBatch(6);
        return b.busy && b;
      },
      { timeoutMs: 150_000, intervalMs: 0 },
    );
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
    let busy: { res: ApiResult; body: { error: { code: string; message: string } } } | undefined;
    let visit: Promise<Response> | undefined;
    const statuses = await Promise.all(
      Array.from({ length: n }, async () => {
        const res = await qr(LARGEST);
        if (res.status === 503 && !busy) {
          busy = { res, body: res.json };
          visit = fetch(link.short_url, { redirect: 'manual' }).then((r) => {
            renderedWhenRedirected = rendered;
            return r;
          });
        } else if (res.status === 200) rendered++;
        return res.status;
      }),
    );
    if (!busy || !visit) return { busy: undefined } as const;
    return { statuses, busy: busy.res, busyBody: busy.body, redirect: await visit, rendered, renderedWhenRedirected };
  }
});
